/**
 * GET /api/analytics/* (Pro only): the queries and the answers. Numbers arrive as query strings,
 * so they are coerced; coercion of '' or 'abc' still fails, because z.number() refuses NaN. The
 * answers are core's analytics types; each schema is checked against its type at compile time, so
 * the wire cannot drift from the rules that compute it.
 */
import type { DailyAnalytics } from '@habitquest/core/analytics/daily';
import type { MonthlyAnalytics } from '@habitquest/core/analytics/monthly';
import type { OverviewAnalytics } from '@habitquest/core/analytics/overview';
import { WEEKDAY_LABELS } from '@habitquest/core/analytics/tally';
import type { WeeklyAnalytics } from '@habitquest/core/analytics/weekly';
import { z } from 'zod';
import { zFrequency, zLocalDate } from './common';

const YEAR_MESSAGE = 'Give the year as a number from 2000 to 9999 (year=2026).';
const MONTH_MESSAGE = 'Give the month as a number from 1 to 12 (month=6).';
const zYear = z.coerce
  .number({ error: YEAR_MESSAGE })
  .int({ error: YEAR_MESSAGE })
  .min(2000, { error: YEAR_MESSAGE })
  .max(9999, { error: YEAR_MESSAGE });
const zMonth = z.coerce
  .number({ error: MONTH_MESSAGE })
  .int({ error: MONTH_MESSAGE })
  .min(1, { error: MONTH_MESSAGE })
  .max(12, { error: MONTH_MESSAGE });

export const zAnalyticsQuery = z.object({
  year: zYear,
  /** 1–12; absent for views that span the whole year. */
  month: zMonth.optional(),
});
export type AnalyticsQuery = z.infer<typeof zAnalyticsQuery>;

/** GET /api/analytics/overview?year=YYYY */
export const zAnalyticsYearQuery = z.strictObject({ year: zYear });
export type AnalyticsYearQuery = z.infer<typeof zAnalyticsYearQuery>;

/** GET /api/analytics/monthly?year=YYYY&month=M */
export const zAnalyticsMonthQuery = z.strictObject({ year: zYear, month: zMonth });
export type AnalyticsMonthQuery = z.infer<typeof zAnalyticsMonthQuery>;

/** GET /api/analytics/weekly[?referenceDate=YYYY-MM-DD]: the week containing it; today when absent. */
export const zAnalyticsWeekQuery = z.strictObject({ referenceDate: zLocalDate.optional() });
export type AnalyticsWeekQuery = z.infer<typeof zAnalyticsWeekQuery>;

/** GET /api/analytics/daily[?date=YYYY-MM-DD]: today when absent. */
export const zAnalyticsDayQuery = z.strictObject({ date: zLocalDate.optional() });
export type AnalyticsDayQuery = z.infer<typeof zAnalyticsDayQuery>;

const zCount = z.int().min(0);
const zPercent = z.int().min(0).max(100);
const zMonthNumber = z.int().min(1).max(12);

const zDayBar = z.object({
  date: zLocalDate,
  completed: zCount,
  total: zCount,
  rate: zPercent,
  completions: zCount,
  xp: z.int(),
  isFuture: z.boolean(),
});

const zShopMonth = z.object({ itemsRedeemed: zCount, pointsSpent: z.int() });

export const zOverviewAnalytics = z.object({
  year: z.int(),
  totalXpAllTime: z.int(),
  xpThisYear: z.int(),
  completionsThisYear: zCount,
  bestMonth: z.object({ month: zMonthNumber, xp: z.int() }).nullable(),
  averageCompletionRate: zPercent,
  monthlyXp: z.array(z.object({ month: zMonthNumber, xp: z.int(), completions: zCount })),
  rewardShop: z.object({ previousMonth: zShopMonth, thisMonth: zShopMonth }),
  firstYear: z.int(),
}) satisfies z.ZodType<OverviewAnalytics>;

export const zMonthlyAnalytics = z.object({
  year: z.int(),
  month: zMonthNumber,
  firstYear: z.int(),
  completions: zCount,
  xpEarned: z.int(),
  completionRate: zPercent,
  averageDailyXp: z.number(),
  days: z.array(zDayBar.extend({ band: z.enum(['excellent', 'good', 'fair', 'low', 'none']) })),
  categories: z.array(
    z.object({
      categoryId: z.string(),
      name: z.string(),
      completed: zCount,
      total: zCount,
      rate: zPercent,
      xp: z.int(),
      target: z.int(),
      targetPercent: zPercent,
      isTargetMet: z.boolean(),
    }),
  ),
}) satisfies z.ZodType<MonthlyAnalytics>;

const zWeekTotals = z.object({
  start: zLocalDate,
  end: zLocalDate,
  completions: zCount,
  xp: z.int(),
});

export const zWeeklyAnalytics = z.object({
  thisWeek: zWeekTotals,
  previousWeek: zWeekTotals,
  improvement: z.object({
    completions: z.int(),
    xp: z.int(),
    completionsPercent: z.int().nullable(),
  }),
  days: z.array(
    zDayBar.extend({ weekday: z.enum(WEEKDAY_LABELS), band: z.enum(['green', 'amber', 'red']) }),
  ),
}) satisfies z.ZodType<WeeklyAnalytics>;

export const zDailyAnalytics = z.object({
  date: zLocalDate,
  completionRate: zPercent,
  xpEarned: z.int(),
  habitsDone: zCount,
  totalHabits: zCount,
  streaks: z.array(
    z.object({
      habitId: z.string(),
      title: z.string(),
      frequency: zFrequency,
      current: zCount,
      best: zCount,
      isCompletedToday: z.boolean(),
    }),
  ),
}) satisfies z.ZodType<DailyAnalytics>;
