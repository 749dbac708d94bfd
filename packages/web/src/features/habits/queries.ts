import { yearRange } from '@habitquest/contracts/first-reads';
import type { QueryKeyPrefix } from '@habitquest/contracts/event-map';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { decodeRemembered } from '../../lib/persist-cache';
import { routes } from '@habitquest/contracts/routes';

/** Every key starts with a root of the live event map, so the events reach them. */
export const habitKeys = {
  all: ['habits'] as const satisfies QueryKeyPrefix,
  /** Every completions window at once. */
  allCompletions: ['completions'] as const satisfies QueryKeyPrefix,
  completions: (from: string, to: string) =>
    ['completions', from, to] as const satisfies QueryKeyPrefix,
};

/** Habits are stale after 2 min (docs/product.md). */
export const habitsQuery = queryOptions({
  queryKey: habitKeys.all,
  queryFn: () => call(routes.listHabits),
  staleTime: 2 * 60_000,
  // While the last read failed, again every 10 seconds: the list is never left unread.
  refetchInterval: (query) => (query.state.status === 'error' ? 10_000 : false),
});

/**
 * Completions dated in a range, fresh 1 min. Asked for in the compact form (no ids, column-wise:
 * contracts/completion-columns.ts), a seventh of the full form on the wire for a year.
 */
export function completionsQuery(from: string, to: string) {
  return queryOptions({
    queryKey: habitKeys.completions(from, to),
    // Decoded once here; the columns are kept for saving the cache (lib/persist-cache.ts).
    queryFn: async () =>
      decodeRemembered(await call(routes.listCompletionColumns, { query: { from, to } })),
    staleTime: 60_000,
  });
}

export function yearCompletionsQuery(year: number) {
  const { from, to } = yearRange(year);
  return completionsQuery(from, to);
}
