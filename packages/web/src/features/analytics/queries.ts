import type { LocalDate } from '@habitquest/core/dates';
import type { QueryKeyPrefix } from '@habitquest/contracts/event-map';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { routes } from '@habitquest/contracts/routes';

/** Every analytics key starts with 'analytics', so the live events invalidate them all at once. */
export const analyticsKeys = {
  all: ['analytics'] as const satisfies QueryKeyPrefix,
  overview: (year: number) =>
    ['analytics', 'overview', String(year)] as const satisfies QueryKeyPrefix,
  monthly: (year: number, month: number) =>
    ['analytics', 'monthly', String(year), String(month)] as const satisfies QueryKeyPrefix,
  weekly: (referenceDate: LocalDate) =>
    ['analytics', 'weekly', referenceDate] as const satisfies QueryKeyPrefix,
  daily: (date: LocalDate) => ['analytics', 'daily', date] as const satisfies QueryKeyPrefix,
};

// Fresh for a minute: a completion elsewhere also invalidates these through the live events.
const STALE_MS = 60_000;

/** GET /api/analytics/overview?year= (Pro only). */
export function overviewQuery(year: number) {
  return queryOptions({
    queryKey: analyticsKeys.overview(year),
    queryFn: () => call(routes.overviewAnalytics, { query: { year } }),
    staleTime: STALE_MS,
  });
}

/** GET /api/analytics/monthly?year=&month= (Pro only). */
export function monthlyQuery(year: number, month: number) {
  return queryOptions({
    queryKey: analyticsKeys.monthly(year, month),
    queryFn: () => call(routes.monthlyAnalytics, { query: { year, month } }),
    staleTime: STALE_MS,
  });
}

/** GET /api/analytics/weekly?referenceDate= (Pro only): that week against the one before. */
export function weeklyQuery(referenceDate: LocalDate) {
  return queryOptions({
    queryKey: analyticsKeys.weekly(referenceDate),
    queryFn: () => call(routes.weeklyAnalytics, { query: { referenceDate } }),
    staleTime: STALE_MS,
  });
}

/** GET /api/analytics/daily?date= (Pro only). */
export function dailyQuery(date: LocalDate) {
  return queryOptions({
    queryKey: analyticsKeys.daily(date),
    queryFn: () => call(routes.dailyAnalytics, { query: { date } }),
    staleTime: STALE_MS,
  });
}
