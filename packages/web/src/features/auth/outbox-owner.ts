import { hashKey, type QueryClient } from '@tanstack/react-query';
import { setOutboxOwner } from '../../lib/outbox';
import { onSessionRefused, replayOutbox } from '../../lib/replay';
import { sessionQuery } from './queries';

/**
 * Follows the signed-in user for what this device keeps per account (docs/offline.md, "Whose
 * changes"): the outbox shows and sends only that user's queued changes. The saved session (the
 * cache restored at start) names the user at once, so an offline start shows their pending
 * changes; but nothing is sent until the server has named the user in this page, since the saved
 * session may be an earlier account's that has since ended. When the server names someone else
 * than the account whose data the cache holds, that data is dropped and read again, not shown to
 * the new one. A change the server refused for want of that session (401) makes it ask who is
 * signed in now. Call before the saved cache is restored; returns the unsubscribe function.
 */
export function followSessionUser(client: QueryClient): () => void {
  const sessionHash = hashKey(sessionQuery.queryKey);
  const pageStart = Date.now();
  /** The account whose data the query cache holds (restored or fetched), once known. */
  let cachedUser: string | null = null;
  let confirmedUser: string | null = null;
  const follow = (): void => {
    const state = client.getQueryState(sessionQuery.queryKey);
    const user = client.getQueryData(sessionQuery.queryKey)?.user.id ?? null;
    // A saved answer keeps the time it was fetched: before this page began.
    const isConfirmed = state !== undefined && state.dataUpdatedAt >= pageStart;
    setOutboxOwner(user, isConfirmed);
    if (user === null) return;
    if (!isConfirmed) {
      cachedUser ??= user;
      return;
    }
    if (user === confirmedUser) return;
    confirmedUser = user;
    if (cachedUser !== null && cachedUser !== user)
      void client.resetQueries({ predicate: (query) => query.queryHash !== sessionHash });
    cachedUser = user;
    void replayOutbox();
  };
  follow();
  const offRefused = onSessionRefused(() => {
    void client.invalidateQueries({ queryKey: sessionQuery.queryKey });
  });
  const offCache = client.getQueryCache().subscribe((event) => {
    if (event.query.queryHash === sessionHash) follow();
  });
  return () => {
    offRefused();
    offCache();
  };
}
