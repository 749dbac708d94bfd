import { memo } from 'react';
import type { Me } from '@habitquest/contracts/me';
import type { LocalDate } from '@habitquest/core/dates';
import type { DayInsights } from '@habitquest/core/stats';
import { CheckCircle2, Percent, Sparkles, Trophy } from 'lucide-react';
import { AnalyticsButton } from '../analytics/AnalyticsButton';
import { shortDayLabel } from '../calendar/day-label';
import { SettingsButton } from '../settings/SettingsButton';
import { dashboardCopy as copy } from './copy';
import { ThemeSwitch } from './ThemeSwitch';
import { formatCompact, formatNumber } from '../../lib/format';

/** From here a figure is shortened on a phone ('12.5K'). */
const COMPACT_FROM = 10_000;

/** Title, tagline, the four stat cards of the selected day, and the theme switch. */
export const Hero = memo(function Hero({
  me,
  day,
  date,
  today,
}: {
  me: Me;
  day: DayInsights<unknown> | null;
  /** The selected day: the title names it when it is not today. */
  date: LocalDate;
  today: LocalDate;
}) {
  // A day on which every habit rests (a vacation, all skipped or paused) has nothing to count:
  // it says so rather than 0/0 at 0 %.
  const isRestDay = day !== null && day.totalCount === 0 && day.restingCount > 0;
  const cards: { label: string; value: string; short?: string; Icon: typeof Trophy }[] = [
    {
      label: copy.completedToday,
      value: !day ? '–' : isRestDay ? copy.restDay : `${day.completedCount}/${day.totalCount}`,
      Icon: CheckCircle2,
    },
    {
      label: copy.completionRate,
      // Nothing due that day (no habit at all, or every one rests): no rate to give.
      value: day && day.totalCount > 0 ? `${day.completionRate}%` : '–',
      Icon: Percent,
    },
    { label: copy.currentLevel, value: String(me.progress.level), Icon: Trophy },
    {
      label: copy.totalXp,
      value: formatNumber(me.progress.xp),
      // A phone's tile holds about five digits: '12,500' ran into its edge.
      ...(me.progress.xp >= COMPACT_FROM ? { short: formatCompact(me.progress.xp) } : {}),
      Icon: Sparkles,
    },
  ];
  return (
    <section className="bg-accent-gradient rounded-3xl p-4 shadow-xl shadow-indigo-500/20 sm:p-8">
      <div className="flex flex-wrap items-start justify-between gap-3 sm:gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-4xl">
            {date === today ? copy.heroTitle : copy.heroTitleFor(shortDayLabel(date, today))}
          </h1>
          <p className="mt-1 max-w-xl text-sm opacity-90 sm:mt-2 sm:text-base">{copy.tagline}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <SettingsButton
            me={me}
            className="inline-flex min-h-10 items-center gap-1.5 rounded-xl bg-white/15 px-3 text-sm font-semibold backdrop-blur transition hover:bg-white/25"
          />
          <AnalyticsButton
            me={me}
            className="inline-flex min-h-10 items-center gap-1.5 rounded-xl bg-white/15 px-3 text-sm font-semibold backdrop-blur transition hover:bg-white/25"
          />
          <ThemeSwitch theme={me.settings.theme} />
        </div>
      </div>
      {/* Four across even on phones, compact there, so today's habits start high on the page. */}
      <dl className="mt-4 grid grid-cols-4 gap-2 sm:mt-6 sm:gap-3">
        {cards.map(({ label, value, short, Icon }) => (
          <div
            key={label}
            className="min-w-0 rounded-2xl bg-white/15 px-2 py-2.5 backdrop-blur sm:p-4"
          >
            <dt className="flex items-center gap-2 text-[0.6875rem] font-medium leading-tight opacity-90 sm:text-sm">
              <Icon aria-hidden className="hidden size-4 shrink-0 sm:block" />
              {label}
            </dt>
            <dd className="mt-1 text-lg font-bold tabular-nums sm:text-2xl">
              {short === undefined ? (
                value
              ) : (
                // On a phone the short form is shown and the whole number read out.
                <>
                  <span aria-hidden className="sm:hidden">
                    {short}
                  </span>
                  <span className="max-sm:sr-only">{value}</span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
});
