/**
 * The Monthly tab of the Analytics Dashboard (docs/product.md) for one month. Counting rules are in
 * tally.ts. Decided where the spec is silent:
 * - Completions and XP earned are the completion records dated in the month; the completion rate
 *   counts the month's scheduled instances up to today.
 * - Average daily XP divides the month's XP by its elapsed days: every day of a past month, the
 *   days up to and including today in the current month, none (0) in a future month; one decimal.
 * - One day bar per day of the month, coloured by monthlyRateBand; days after today are marked
 *   isFuture and have nothing scheduled.
 * - Categories are listed by name. A category's completed/total are the scheduled instances of the
 *   habits now in it, its XP is categoryXpForMonth, and its target progress is goalProgress capped
 *   at 100. A habit without a category counts for the month but appears in no category row.
 * - firstYear is the Overview's (firstYearOf): month navigation stops at its January.
 */
import { datesBetween, daysBetween, minDate, type LocalDate } from '../dates';
import type { CategoryFacts, PurchaseFacts } from '../model';
import { firstYearOf } from './overview';
import type { DateRange } from '../periods';
import {
  dayBar,
  monthRange,
  rangeTotals,
  scheduledTally,
  type AnalyticsFacts,
  type DayBar,
} from './tally';
import {
  categoryXpForMonth,
  completedKeysByHabit,
  goalProgress,
  monthlyRateBand,
  type MonthlyRateBand,
} from '../stats';

export type MonthDay = DayBar & { band: MonthlyRateBand };

export type CategoryPerformance = {
  categoryId: string;
  name: string;
  completed: number;
  total: number;
  rate: number;
  xp: number;
  target: number;
  /** Share of the monthly XP target reached, capped at 100. */
  targetPercent: number;
  isTargetMet: boolean;
};

export type MonthlyAnalytics = {
  year: number;
  month: number;
  /** The account's first year: "previous month" stops at its January. */
  firstYear: number;
  completions: number;
  xpEarned: number;
  completionRate: number;
  averageDailyXp: number;
  days: MonthDay[];
  categories: CategoryPerformance[];
};

/** The Monthly tab for `month` (1–12) of `year`. */
export function monthlyAnalytics(
  options: AnalyticsFacts & {
    categories: readonly CategoryFacts[];
    year: number;
    month: number;
    /** Rewards redeemed and the account's first day: they can start the first year too. */
    purchases?: readonly PurchaseFacts[];
    accountCreatedOn?: LocalDate;
  },
): MonthlyAnalytics {
  const { year, month } = options;
  const range = monthRange(year, month);
  const keysByHabit = completedKeysByHabit(options.completions);
  const totals = rangeTotals(options.completions, range);
  const elapsed = elapsedDays(range, options.today);
  return {
    year,
    month,
    firstYear: firstYearOf({ ...options, purchases: options.purchases ?? [] }),
    completions: totals.completions,
    xpEarned: totals.xp,
    completionRate: scheduledTally({ ...options, keysByHabit, range }).rate,
    averageDailyXp: elapsed === 0 ? 0 : Math.round((totals.xp / elapsed) * 10) / 10,
    days: datesBetween(range.start, range.end).map((date) => {
      const bar = dayBar(options, keysByHabit, date);
      return { ...bar, band: monthlyRateBand(bar.rate) };
    }),
    categories: options.categories
      .toSorted((a, b) => a.name.localeCompare(b.name, 'en'))
      .map((category) => categoryPerformance(options, keysByHabit, range, category)),
  };
}

/** Days of the range up to and including today; 0 when the range starts after today. */
function elapsedDays(range: DateRange, today: LocalDate): number {
  return Math.max(0, daysBetween(range.start, minDate(range.end, today)) + 1);
}

function categoryPerformance(
  options: AnalyticsFacts & { year: number; month: number },
  keysByHabit: ReadonlyMap<string, ReadonlySet<string>>,
  range: DateRange,
  category: CategoryFacts,
): CategoryPerformance {
  const habits = options.habits.filter((habit) => habit.categoryId === category.id);
  const tally = scheduledTally({ ...options, habits, keysByHabit, range });
  const xp = categoryXpForMonth({ ...options, categoryId: category.id });
  const goal = goalProgress(xp, category.monthlyTargetXp);
  return {
    categoryId: category.id,
    name: category.name,
    completed: tally.completed,
    total: tally.total,
    rate: tally.rate,
    xp,
    target: category.monthlyTargetXp,
    targetPercent: goal.barPercent,
    isTargetMet: goal.isMet,
  };
}
