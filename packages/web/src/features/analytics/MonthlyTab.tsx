import {
  canGoToNextMonth,
  canGoToPreviousMonth,
  nextMonth,
  previousMonth,
  type YearMonth,
} from '@habitquest/core/analytics/navigation';
import type { CategoryPerformance, MonthlyAnalytics } from '@habitquest/core/analytics/monthly';
import type { LocalDate } from '@habitquest/core/dates';
import { useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { MONTHLY_BAND_COLORS } from './bands';
import type { ChartBar } from './BarsChart';
import { analyticsCopy as copy } from './copy';
import { dayBar, DayRateChart } from './DayRateChart';
import { PeriodNav, QueryView, SectionTitle, StatGrid, StatTile } from './parts';
import { monthlyQuery } from './queries';
import { useLastKnown } from './use-last-known';

/**
 * The Monthly tab with its month navigation: next stops at the current month, previous at the
 * January of the account's first year.
 */
export function MonthlyTab(props: {
  view: YearMonth;
  onViewChange: (view: YearMonth) => void;
  today: LocalDate;
}) {
  const { view, today } = props;
  const query = useQuery(monthlyQuery(view.year, view.month));
  const firstYear = useLastKnown(query.data?.firstYear);
  return (
    <div className="flex flex-col gap-5">
      <PeriodNav
        label={copy.monthYear(view.year, view.month)}
        previousLabel={copy.previousMonth}
        nextLabel={copy.nextMonth}
        onPrevious={() => {
          props.onViewChange(previousMonth(view));
        }}
        onNext={() => {
          props.onViewChange(nextMonth(view));
        }}
        canGoNext={canGoToNextMonth(view.year, view.month, today)}
        canGoPrevious={
          firstYear === undefined || canGoToPreviousMonth(view.year, view.month, firstYear)
        }
      />
      <QueryView query={query}>{(data) => <MonthlyView data={data} />}</QueryView>
    </div>
  );
}

const BAND_ORDER = ['excellent', 'good', 'fair', 'low', 'none'] as const;

/** One bar per day of the month: its completion rate, coloured by its band (≥80/60/40/>0). */
export function monthlyBars(data: MonthlyAnalytics): ChartBar[] {
  return data.days.map((day) => {
    const dayOfMonth = Number(day.date.slice(8));
    return dayBar(day, {
      label: String(dayOfMonth),
      name: `${copy.monthName(data.month)} ${dayOfMonth}`,
      fill: MONTHLY_BAND_COLORS[day.band],
    });
  });
}

/** The month's figures, its day bars coloured by rate and the per-category performance. */
export function MonthlyView({ data }: { data: MonthlyAnalytics }) {
  return (
    <div className="flex flex-col gap-5">
      <StatGrid>
        <StatTile label={copy.completions} value={copy.number(data.completions)} />
        <StatTile label={copy.xpEarned} value={copy.number(data.xpEarned)} />
        <StatTile label={copy.completionRate} value={copy.percent(data.completionRate)} />
        <StatTile label={copy.averageDailyXp} value={copy.number(data.averageDailyXp)} />
      </StatGrid>
      <DayRateChart
        id="monthly-daily-progress"
        title={copy.dailyProgress}
        bars={monthlyBars(data)}
        bands={BAND_ORDER.map((band) => ({
          label: copy.monthlyBands[band],
          color: MONTHLY_BAND_COLORS[band],
        }))}
      />
      <section aria-labelledby="monthly-categories" className="flex flex-col gap-2">
        <SectionTitle id="monthly-categories">{copy.categoryPerformance}</SectionTitle>
        {data.categories.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{copy.noCategories}</p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2">
            {data.categories.map((category) => (
              <CategoryRow key={category.categoryId} category={category} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function CategoryRow({ category }: { category: CategoryPerformance }) {
  return (
    <li className="rounded-2xl border border-slate-200 p-3 dark:border-slate-800">
      <p className="flex items-center justify-between gap-2">
        <span className="min-w-0 font-semibold text-slate-900 wrap-anywhere dark:text-white">
          {category.name}
        </span>
        {category.isTargetMet ? (
          <span className="inline-flex shrink-0 items-center gap-1 text-xs font-semibold text-emerald-700 dark:text-emerald-300">
            <CircleCheck aria-hidden className="size-4" />
            {copy.targetMet}
          </span>
        ) : null}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {copy.categoryRate(category.rate, category.completed, category.total)}
      </p>
      <ProgressBar
        className="mt-2"
        value={category.targetPercent}
        label={copy.targetLabel(category.name)}
        barClassName={category.isTargetMet ? 'bg-emerald-500' : 'bg-accent'}
      />
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        {copy.targetProgress(category.xp, category.target)} · {copy.percent(category.targetPercent)}
      </p>
    </li>
  );
}
