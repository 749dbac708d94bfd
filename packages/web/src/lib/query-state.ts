/**
 * Two states of a query that has no data yet, told apart by TanStack Query's fetchStatus: still
 * fetching, or paused because the server is out of reach (lib/reachability.ts drives
 * onlineManager). A paused query resumes by itself once the server answers again, so a screen
 * shows the wait for what it is instead of loading shapes that never end (docs/offline.md).
 */
type QueryState = { isPending: boolean; fetchStatus: string };

/** Fetching, with nothing to show yet. */
export function isFetchingFirst(query: QueryState): boolean {
  return query.isPending && query.fetchStatus === 'fetching';
}

/** Nothing to show, and waiting for the connection to fetch it. */
export function isWaitingOffline(query: QueryState): boolean {
  return query.isPending && query.fetchStatus === 'paused';
}
