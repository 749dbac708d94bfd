import type { Me } from '@habitquest/contracts/me';
import type { DayInsights } from '@habitquest/core/stats';
import { CheckCircle2, Percent, Sparkles, Trophy } from 'lucide-react';
import { AnalyticsButton } from '../analytics/AnalyticsButton';
import { dashboardCopy as copy } from './copy';
import { ThemeSwitch } from './ThemeSwitch';

/** Title, tagline, the four stat cards of the selected day, and the theme switch. */
export function Hero({ me, day }: { me: Me; day: DayInsights<unknown> | null }) {
  const cards = [
    {
      label: copy.completedToday,
      value: day ? `${day.completedCount}/${day.totalCount}` : '–',
      Icon: CheckCircle2,
    },
    { label: copy.completionRate, value: day ? `${day.completionRate}%` : '–', Icon: Percent },
    { label: copy.currentLevel, value: String(me.progress.level), Icon: Trophy },
    { label: copy.totalXp, value: me.progress.xp.toLocaleString('en-US'), Icon: Sparkles },
  ];
  return (
    <section className="bg-accent-gradient rounded-3xl p-6 shadow-xl shadow-indigo-500/20 sm:p-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{copy.heroTitle}</h1>
          <p className="mt-2 max-w-xl opacity-90">{copy.tagline}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <AnalyticsButton
            me={me}
            className="inline-flex min-h-10 items-center gap-1.5 rounded-xl bg-white/15 px-3 text-sm font-semibold backdrop-blur transition hover:bg-white/25"
          />
          <ThemeSwitch theme={me.settings.theme} />
        </div>
      </div>
      <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map(({ label, value, Icon }) => (
          <div key={label} className="rounded-2xl bg-white/15 p-4 backdrop-blur">
            <dt className="flex items-center gap-2 text-sm font-medium opacity-90">
              <Icon aria-hidden className="size-4" />
              {label}
            </dt>
            <dd className="mt-1 text-2xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
