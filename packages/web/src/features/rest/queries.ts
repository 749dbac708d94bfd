import type { QueryKeyPrefix } from '@habitquest/contracts/event-map';
import { routes } from '@habitquest/contracts/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { yearRange } from '@habitquest/contracts/first-reads';

/** Every key starts with 'rest', the live event's root, so a skip elsewhere refreshes them. */
export const restKeys = {
  all: ['rest'] as const satisfies QueryKeyPrefix,
  /** Every skips window at once. */
  allSkips: ['rest', 'skips'] as const satisfies QueryKeyPrefix,
  skips: (from: string, to: string) =>
    ['rest', 'skips', from, to] as const satisfies QueryKeyPrefix,
  history: ['rest', 'history'] as const satisfies QueryKeyPrefix,
};

/**
 * The pauses and vacations already over (GET /api/rest/history): with each habit's pause and the
 * vacation now or ahead, they tell every past day that rested. Fresh 5 min: they change only when
 * a pause or vacation ends, and the 'rest' event refreshes them.
 */
export const restHistoryQuery = queryOptions({
  queryKey: restKeys.history,
  queryFn: () => call(routes.listRestHistory),
  staleTime: 5 * 60_000,
});

/** Skipped days dated in a range (GET /api/skips); fresh 1 min, like completions. */
export function skipsQuery(from: string, to: string) {
  return queryOptions({
    queryKey: restKeys.skips(from, to),
    queryFn: () => call(routes.listSkips, { query: { from, to } }),
    staleTime: 60_000,
  });
}

/** A year's skips over the same window as its completions (contracts/first-reads.ts, yearRange). */
export function yearSkipsQuery(year: number) {
  const { from, to } = yearRange(year);
  return skipsQuery(from, to);
}
