import type { DailyAnalytics } from '@habitquest/core/analytics-daily';
import type { MonthlyAnalytics } from '@habitquest/core/analytics-monthly';
import type { OverviewAnalytics } from '@habitquest/core/analytics-overview';
import type { WeeklyAnalytics } from '@habitquest/core/analytics-weekly';
import type { LocalDate } from '@habitquest/core/dates';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api';

/** Every analytics key starts with 'analytics', so the live events invalidate them all at once. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  overview: (year: number) => ['analytics', 'overview', String(year)] as const,
  monthly: (year: number, month: number) =>
    ['analytics', 'monthly', String(year), String(month)] as const,
  weekly: (referenceDate: LocalDate) => ['analytics', 'weekly', referenceDate] as const,
  daily: (date: LocalDate) => ['analytics', 'daily', date] as const,
};

// Fresh for a minute: a completion elsewhere also invalidates these through the live events.
const STALE_MS = 60_000;

/** GET /api/analytics/overview?year= (Pro only). */
export function overviewQuery(year: number) {
  return queryOptions({
    queryKey: analyticsKeys.overview(year),
    queryFn: () => api<OverviewAnalytics>('GET', `/api/analytics/overview?year=${year}`),
    staleTime: STALE_MS,
  });
}

/** GET /api/analytics/monthly?year=&month= (Pro only). */
export function monthlyQuery(year: number, month: number) {
  return queryOptions({
    queryKey: analyticsKeys.monthly(year, month),
    queryFn: () =>
      api<MonthlyAnalytics>('GET', `/api/analytics/monthly?year=${year}&month=${month}`),
    staleTime: STALE_MS,
  });
}

/** GET /api/analytics/weekly?referenceDate= (Pro only): that week against the one before. */
export function weeklyQuery(referenceDate: LocalDate) {
  return queryOptions({
    queryKey: analyticsKeys.weekly(referenceDate),
    queryFn: () =>
      api<WeeklyAnalytics>('GET', `/api/analytics/weekly?referenceDate=${referenceDate}`),
    staleTime: STALE_MS,
  });
}

/** GET /api/analytics/daily?date= (Pro only). */
export function dailyQuery(date: LocalDate) {
  return queryOptions({
    queryKey: analyticsKeys.daily(date),
    queryFn: () => api<DailyAnalytics>('GET', `/api/analytics/daily?date=${date}`),
    staleTime: STALE_MS,
  });
}
