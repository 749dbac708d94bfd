/**
 * Tests only: fixed analytics answers shaped as the contracts say (the tests parse them with the
 * contracts' schemas), for a user whose today is Saturday 14 June 2025.
 */
import type { DailyAnalytics } from '@habitquest/core/analytics/daily';
import type { MonthlyAnalytics } from '@habitquest/core/analytics/monthly';
import type { OverviewAnalytics } from '@habitquest/core/analytics/overview';
import type { WeekdayLabel } from '@habitquest/core/analytics/tally';
import type { WeeklyAnalytics } from '@habitquest/core/analytics/weekly';
import { addDays, formatLocalDate } from '@habitquest/core/dates';
import { monthlyRateBand, rateBand } from '@habitquest/core/stats';

export const TODAY = '2025-06-14';

export const overview: OverviewAnalytics = {
  year: 2025,
  totalXpAllTime: 12_345,
  xpThisYear: 2_400,
  completionsThisYear: 240,
  bestMonth: { month: 3, xp: 600 },
  averageCompletionRate: 68,
  monthlyXp: [100, 300, 600, 500, 480, 420, 0, 0, 0, 0, 0, 0].map((xp, index) => ({
    month: index + 1,
    xp,
    completions: xp / 10,
  })),
  rewardShop: {
    previousMonth: { itemsRedeemed: 2, pointsSpent: 150 },
    thisMonth: { itemsRedeemed: 1, pointsSpent: 80 },
  },
  firstYear: 2024,
};

export const overview2024: OverviewAnalytics = {
  ...overview,
  year: 2024,
  xpThisYear: 900,
  completionsThisYear: 90,
  bestMonth: null,
};

/** Rates of 1–14 June, on each band's edges; 15–30 June are in the future. */
const JUNE_RATES = [100, 80, 79, 60, 59, 40, 39, 1, 0, 50, 75, 100, 25, 50];

function juneDay(day: number): MonthlyAnalytics['days'][number] {
  const date = formatLocalDate(2025, 6, day);
  const rate = JUNE_RATES[day - 1];
  if (rate === undefined) {
    return {
      date,
      completed: 0,
      total: 0,
      rate: 0,
      completions: 0,
      xp: 0,
      isFuture: true,
      band: 'none',
    };
  }
  // Out of 100 scheduled instances, so each rate is exactly completed / total.
  return {
    date,
    completed: rate,
    total: 100,
    rate,
    completions: rate,
    xp: rate * 10,
    isFuture: false,
    band: monthlyRateBand(rate),
  };
}

export const monthly: MonthlyAnalytics = {
  year: 2025,
  month: 6,
  firstYear: 2024,
  completions: 42,
  xpEarned: 420,
  completionRate: 57,
  averageDailyXp: 30,
  days: Array.from({ length: 30 }, (_, index) => juneDay(index + 1)),
  categories: [
    {
      categoryId: 'c-health',
      name: 'HEALTH & FITNESS',
      completed: 20,
      total: 25,
      rate: 80,
      xp: 400,
      target: 350,
      targetPercent: 100,
      isTargetMet: true,
    },
    {
      categoryId: 'c-career',
      name: 'CAREER',
      completed: 5,
      total: 20,
      rate: 25,
      xp: 125,
      target: 500,
      targetPercent: 25,
      isTargetMet: false,
    },
  ],
};

const WEEKDAYS: WeekdayLabel[] = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const WEEK_RATES = [100, 70, 69, 40, 39, 0, 50];

export const weekly: WeeklyAnalytics = {
  thisWeek: { start: '2025-06-08', end: '2025-06-14', completions: 8, xp: 90 },
  previousWeek: { start: '2025-06-01', end: '2025-06-07', completions: 5, xp: 50 },
  improvement: { completions: 3, xp: 40, completionsPercent: 60 },
  days: WEEK_RATES.map((rate, index) => ({
    date: addDays('2025-06-08', index),
    weekday: WEEKDAYS[index] ?? 'Sun',
    completed: rate === 0 ? 0 : 1,
    total: 2,
    rate,
    completions: rate === 0 ? 0 : 1,
    xp: rate === 0 ? 0 : 10,
    isFuture: false,
    band: rateBand(rate),
  })),
};

export const daily: DailyAnalytics = {
  date: TODAY,
  completionRate: 50,
  xpEarned: 30,
  habitsDone: 2,
  totalHabits: 4,
  streaks: [
    {
      habitId: 'h1',
      title: 'Read',
      frequency: 'daily',
      current: 5,
      best: 9,
      isCompletedToday: true,
    },
    {
      habitId: 'h2',
      title: 'Gym',
      frequency: 'weekly',
      current: 0,
      best: 3,
      isCompletedToday: false,
    },
    {
      habitId: 'h3',
      title: 'Budget review',
      frequency: 'monthly',
      current: 2,
      best: 2,
      isCompletedToday: true,
    },
  ],
};
