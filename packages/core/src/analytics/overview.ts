/**
 * The Overview tab of the Analytics Dashboard (docs/product.md) for one year. Counting rules are in
 * tally.ts. Decided where the spec is silent:
 * - XP and completions of a month or year are the completion records dated in it (XP as awarded).
 * - Best month: the month of that year with the most XP, the earliest on a tie; null when the year
 *   has no XP.
 * - Average completion rate: the mean, rounded to a whole percent, of the monthly completion rates
 *   of the months of that year that have at least one scheduled instance and are not in the
 *   future; 0 when there is none.
 * - Reward shop summary: purchases dated in the viewed year's latest month and in the month
 *   before it (December of the year before for January): today's month in the current year,
 *   December in a past year. So a past year never shows this year's purchases.
 * - First year: the earliest year with anything of the account (its creation, a habit, a
 *   completion, a purchase); the year navigation stops there.
 */
import { parseLocalDate, type LocalDate } from '../dates';
import type { PurchaseFacts } from '../model';
import { monthOf, previousMonth, type YearMonth } from './navigation';
import { isInRange, monthRange, rangeTotals, scheduledTally, type AnalyticsFacts } from './tally';
import { completedKeysByHabit } from '../stats';

export type MonthXp = { month: number; xp: number; completions: number };

export type ShopMonth = { itemsRedeemed: number; pointsSpent: number };

export type OverviewAnalytics = {
  year: number;
  totalXpAllTime: number;
  xpThisYear: number;
  completionsThisYear: number;
  bestMonth: { month: number; xp: number } | null;
  averageCompletionRate: number;
  /** Twelve entries, January first: the monthly XP bar chart. */
  monthlyXp: MonthXp[];
  rewardShop: { previousMonth: ShopMonth; thisMonth: ShopMonth };
  /** The earliest year with any of the account's data: "previous year" stops there. */
  firstYear: number;
};

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/**
 * The two months of the reward shop summary while viewing `year`: its latest month that has
 * begun (today's in the current year, December in a past one) and the month before.
 */
export function shopMonthsOf(
  year: number,
  today: LocalDate,
): { previousMonth: YearMonth; thisMonth: YearMonth } {
  const current = monthOf(today);
  const thisMonth = year >= current.year ? current : { year, month: 12 };
  return { previousMonth: previousMonth(thisMonth), thisMonth };
}

/** The earliest year of the account's creation or of any of its data (today's year at most). */
export function firstYearOf(
  options: AnalyticsFacts & { purchases: readonly PurchaseFacts[]; accountCreatedOn?: LocalDate },
): number {
  let first = options.today;
  const consider = (date: LocalDate | undefined): void => {
    if (date !== undefined && date < first) first = date;
  };
  consider(options.accountCreatedOn);
  for (const habit of options.habits) consider(habit.createdOn);
  for (const completion of options.completions) consider(completion.completionDate);
  for (const purchase of options.purchases) consider(purchase.purchasedOn);
  return parseLocalDate(first).year;
}

/** The Overview tab for `year`. */
export function overviewAnalytics(
  options: AnalyticsFacts & {
    purchases: readonly PurchaseFacts[];
    year: number;
    /** The account's creation date in the user's zone, when known. */
    accountCreatedOn?: LocalDate;
  },
): OverviewAnalytics {
  const { completions, year } = options;
  const monthlyXp = MONTHS.map((month) => {
    const totals = rangeTotals(completions, monthRange(year, month));
    return { month, xp: totals.xp, completions: totals.completions };
  });
  const shop = shopMonthsOf(year, options.today);
  return {
    year,
    totalXpAllTime: completions.reduce((sum, completion) => sum + completion.xpEarned, 0),
    xpThisYear: monthlyXp.reduce((sum, entry) => sum + entry.xp, 0),
    completionsThisYear: monthlyXp.reduce((sum, entry) => sum + entry.completions, 0),
    bestMonth: bestMonthOf(monthlyXp),
    averageCompletionRate: averageMonthlyRate(options),
    monthlyXp,
    rewardShop: {
      previousMonth: shopMonth(options.purchases, shop.previousMonth),
      thisMonth: shopMonth(options.purchases, shop.thisMonth),
    },
    firstYear: firstYearOf(options),
  };
}

function bestMonthOf(monthlyXp: readonly MonthXp[]): OverviewAnalytics['bestMonth'] {
  let best: OverviewAnalytics['bestMonth'] = null;
  // Strictly greater, so the earliest month wins a tie and a year without XP has no best month.
  for (const { month, xp } of monthlyXp) {
    if (xp > (best?.xp ?? 0)) best = { month, xp };
  }
  return best;
}

function averageMonthlyRate(options: AnalyticsFacts & { year: number }): number {
  const keysByHabit = completedKeysByHabit(options.completions);
  // Instances are clipped to today, so a future month has none and drops out with the empty ones.
  const rates = MONTHS.map((month) =>
    scheduledTally({ ...options, keysByHabit, range: monthRange(options.year, month) }),
  )
    .filter((tally) => tally.total > 0)
    .map((tally) => tally.rate);
  if (rates.length === 0) return 0;
  return Math.round(rates.reduce((sum, rate) => sum + rate, 0) / rates.length);
}

function shopMonth(purchases: readonly PurchaseFacts[], of: YearMonth): ShopMonth {
  const range = monthRange(of.year, of.month);
  let itemsRedeemed = 0;
  let pointsSpent = 0;
  for (const purchase of purchases) {
    if (!isInRange(purchase.purchasedOn, range)) continue;
    itemsRedeemed += 1;
    pointsSpent += purchase.rewardCost;
  }
  return { itemsRedeemed, pointsSpent };
}
