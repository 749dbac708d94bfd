import {
  canGoToNextYear,
  canGoToPreviousYear,
  monthOf,
} from '@habitquest/core/analytics/navigation';
import {
  shopMonthsOf,
  type OverviewAnalytics,
  type ShopMonth,
} from '@habitquest/core/analytics/overview';
import type { LocalDate } from '@habitquest/core/dates';
import { useQuery } from '@tanstack/react-query';
import { BarChart3, ShoppingBag } from 'lucide-react';
import { XP_BAR_COLOR } from './bands';
import { BarsChart } from './BarsChart';
import { analyticsCopy as copy } from './copy';
import { PeriodNav, QueryView, SectionTitle, StatGrid, StatTile } from './parts';
import { overviewQuery } from './queries';
import { useLastKnown } from './use-last-known';

/** The Overview tab with its year navigation; next stops at the current year. */
export function OverviewTab(props: {
  year: number;
  onYearChange: (year: number) => void;
  today: LocalDate;
}) {
  const { year, today } = props;
  const query = useQuery(overviewQuery(year));
  const firstYear = useLastKnown(query.data?.firstYear);
  return (
    <div className="flex flex-col gap-5">
      <PeriodNav
        label={String(year)}
        previousLabel={copy.previousYear}
        nextLabel={copy.nextYear}
        onPrevious={() => {
          props.onYearChange(year - 1);
        }}
        onNext={() => {
          props.onYearChange(year + 1);
        }}
        canGoNext={canGoToNextYear(year, today)}
        canGoPrevious={firstYear === undefined || canGoToPreviousYear(year, firstYear)}
      />
      <QueryView query={query}>{(data) => <OverviewView data={data} today={today} />}</QueryView>
    </div>
  );
}

/** Total XP, the year's XP and completions, best month, average rate, chart and shop summary. */
export function OverviewView({ data, today }: { data: OverviewAnalytics; today: LocalDate }) {
  const isCurrentYear = data.year === monthOf(today).year;
  const shop = shopMonthsOf(data.year, today);
  const shopTitle = (of: { year: number; month: number }, isThisMonth: boolean): string => {
    if (!isCurrentYear) return copy.pastMonthShop(of.year, of.month);
    return isThisMonth ? copy.thisMonthShop(of.month) : copy.previousMonthShop(of.month);
  };
  const hasData = data.xpThisYear !== 0 || data.completionsThisYear !== 0;
  return (
    <div className="flex flex-col gap-5">
      <StatGrid>
        <StatTile label={copy.totalXpAllTime} value={copy.number(data.totalXpAllTime)} />
        <StatTile
          label={copy.xpInYear(data.year, isCurrentYear)}
          value={copy.number(data.xpThisYear)}
        />
        <StatTile
          label={copy.completionsInYear(data.year, isCurrentYear)}
          value={copy.number(data.completionsThisYear)}
        />
        <StatTile
          label={copy.averageCompletionRate}
          value={copy.percent(data.averageCompletionRate)}
        />
      </StatGrid>
      <dl className="rounded-2xl border border-slate-200 px-4 py-3 dark:border-slate-800">
        <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">{copy.bestMonth}</dt>
        <dd className="font-bold text-slate-900 dark:text-white">
          {data.bestMonth
            ? copy.bestMonthValue(data.bestMonth.month, data.bestMonth.xp)
            : copy.none}
        </dd>
      </dl>
      {hasData ? (
        <BarsChart
          id="overview-monthly-xp"
          title={copy.monthlyXpChart(data.year)}
          columns={{ name: copy.month, detail: copy.xpColumn }}
          bars={data.monthlyXp.map((entry) => ({
            key: String(entry.month),
            label: copy.shortMonth(entry.month),
            name: copy.monthName(entry.month),
            value: entry.xp,
            fill: XP_BAR_COLOR,
            detail: `${copy.xp(entry.xp)} · ${copy.number(entry.completions)} ${copy.completions.toLowerCase()}`,
          }))}
        />
      ) : (
        <section
          aria-labelledby="overview-no-data"
          className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 px-4 py-10 text-center dark:border-slate-700"
        >
          <BarChart3 aria-hidden className="size-8 text-slate-400 dark:text-slate-500" />
          <h3 id="overview-no-data" className="font-semibold text-slate-900 dark:text-white">
            {copy.noDataTitle}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {copy.noDataText(data.year, isCurrentYear)}
          </p>
        </section>
      )}
      <section aria-labelledby="overview-shop" className="flex flex-col gap-2">
        <SectionTitle id="overview-shop">{copy.rewardShop}</SectionTitle>
        <div className="grid gap-2 sm:grid-cols-2">
          <ShopCard
            title={shopTitle(shop.previousMonth, false)}
            month={data.rewardShop.previousMonth}
          />
          <ShopCard title={shopTitle(shop.thisMonth, true)} month={data.rewardShop.thisMonth} />
        </div>
      </section>
    </div>
  );
}

function ShopCard({ title, month }: { title: string; month: ShopMonth }) {
  return (
    <div className="rounded-2xl border border-slate-200 p-4 dark:border-slate-800">
      <p className="flex items-center gap-2 text-sm font-semibold text-slate-800 dark:text-slate-100">
        <ShoppingBag aria-hidden className="size-4 text-amber-600 dark:text-amber-300" />
        {title}
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-2">
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-300">{copy.itemsRedeemed}</dt>
          <dd className="text-lg font-bold text-slate-900 dark:text-white">
            {copy.number(month.itemsRedeemed)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-300">{copy.pointsSpent}</dt>
          <dd className="text-lg font-bold text-slate-900 dark:text-white">
            {copy.pts(month.pointsSpent)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
