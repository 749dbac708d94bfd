import { INVALIDATES, type EventName } from '@habitquest/contracts/event-map';
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Invalidates what the events name, each query key once; a 'resync' invalidates every query.
 * A tab's own mutations call it with the events their route publishes, so the tab refreshes
 * exactly what another tab would, and skips the echo of those events (features/live).
 *
 * A query whose first read is still in flight is cancelled first. TanStack Query refetches a
 * query that has data (it cancels the read in flight), but one without data only waits for the
 * read already under way, which may have been answered before the change committed: after a
 * reload, a queued change sent while the dashboard's first reads were out was answered 200 and
 * then shown as not done until the next refetch (e2e/offline.spec.ts, "a change queued before
 * its session ended").
 */
export async function invalidateFor(
  queryClient: QueryClient,
  ...names: readonly EventName[]
): Promise<void> {
  const cache = queryClient.getQueryCache();
  // A resync: every query; else each key the events name, once.
  const filters: { queryKey?: QueryKey }[] = names.includes('resync')
    ? [{}]
    : [
        ...new Map(
          names.flatMap((name) => INVALIDATES[name]).map((key) => [key.join('\u0000'), key]),
        ).values(),
      ].map((queryKey) => ({ queryKey }));
  const inFlight = filters.map((filter) => ({ ...filter, predicate: isFirstReadInFlight }));
  // Only when there is one, so that the usual invalidation starts at once, in the caller's turn.
  if (inFlight.some((filter) => cache.findAll(filter).length > 0))
    await Promise.all(inFlight.map((filter) => queryClient.cancelQueries(filter)));
  await Promise.all(filters.map((filter) => queryClient.invalidateQueries(filter)));
}

function isFirstReadInFlight(query: Query): boolean {
  return query.state.data === undefined && query.state.fetchStatus === 'fetching';
}
