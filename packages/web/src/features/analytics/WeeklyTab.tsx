import type { WeeklyAnalytics, WeekTotals } from '@habitquest/core/analytics/weekly';
import type { LocalDate } from '@habitquest/core/dates';
import { useQuery } from '@tanstack/react-query';
import { Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { cx } from '../../components/ui/cx';
import { WEEKLY_BAND_COLORS } from './bands';
import type { ChartBar } from './BarsChart';
import { analyticsCopy as copy, shortDate } from './copy';
import { dayBar, DayRateChart } from './DayRateChart';
import { QueryView, SectionTitle } from './parts';
import { weeklyQuery } from './queries';

/** The Weekly tab: the week containing today against the week before. */
export function WeeklyTab({ today }: { today: LocalDate }) {
  const query = useQuery(weeklyQuery(today));
  return <QueryView query={query}>{(data) => <WeeklyView data={data} />}</QueryView>;
}

const BAND_ORDER = ['green', 'amber', 'red'] as const;

/** Seven bars from the week start: each day's completion rate, coloured green, amber or red. */
export function weeklyBars(data: WeeklyAnalytics): ChartBar[] {
  return data.days.map((day) =>
    dayBar(day, {
      label: day.weekday,
      name: `${day.weekday} ${shortDate(day.date)}`,
      fill: WEEKLY_BAND_COLORS[day.band],
    }),
  );
}

/** Previous week vs this week, the improvement and seven day bars coloured by rate. */
export function WeeklyView({ data }: { data: WeeklyAnalytics }) {
  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-2 sm:grid-cols-3">
        <WeekCard title={copy.previousWeek} week={data.previousWeek} />
        <WeekCard title={copy.thisWeek} week={data.thisWeek} />
        <Improvement improvement={data.improvement} />
      </div>
      <DayRateChart
        id="weekly-days"
        title={copy.sevenDays}
        bars={weeklyBars(data)}
        bands={BAND_ORDER.map((band) => ({
          label: copy.weeklyBands[band],
          color: WEEKLY_BAND_COLORS[band],
        }))}
      />
    </div>
  );
}

function WeekCard({ title, week }: { title: string; week: WeekTotals }) {
  return (
    <section
      aria-label={title}
      className="rounded-2xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <SectionTitle>{title}</SectionTitle>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        {copy.weekRange(shortDate(week.start), shortDate(week.end))}
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-2">
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-300">{copy.completions}</dt>
          <dd className="text-lg font-bold text-slate-900 dark:text-white">
            {copy.number(week.completions)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-300">{copy.xpColumn}</dt>
          <dd className="text-lg font-bold text-slate-900 dark:text-white">
            {copy.number(week.xp)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function Improvement({ improvement }: { improvement: WeeklyAnalytics['improvement'] }) {
  const { completions } = improvement;
  const Icon = completions > 0 ? TrendingUp : completions < 0 ? TrendingDown : Minus;
  return (
    <section
      aria-label={copy.improvement}
      className="rounded-2xl border border-slate-200 p-4 dark:border-slate-800"
    >
      <SectionTitle>{copy.improvement}</SectionTitle>
      <p
        className={cx(
          'mt-1 flex items-center gap-1.5 text-lg font-bold',
          completions > 0 && 'text-emerald-700 dark:text-emerald-300',
          completions < 0 && 'text-red-700 dark:text-red-300',
          completions === 0 && 'text-slate-900 dark:text-white',
        )}
      >
        <Icon aria-hidden className="size-5" />
        {copy.completionsDelta(completions)}
      </p>
      <p className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {copy.xpDelta(improvement.xp)}
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        {copy.percentDelta(improvement.completionsPercent)}
      </p>
    </section>
  );
}
