/**
 * What the header's sync badge needs to remember across the page's life (docs/offline.md, "The
 * badge"): whether queued changes had to wait, and when they last all went through. It follows
 * the outbox and reachability from the app's start, not from the badge's first render: changes a
 * closed tab left are often sent as soon as the server names the user, before the dashboard is
 * on screen, and their "Synced!" must not be lost for it.
 */
import { outboxEntries, subscribeOutbox, type OutboxEntry } from './outbox';
import { isReachable, subscribeReachability } from './reachability';
import { createListeners } from './listeners';

export type SyncStatus = {
  /**
   * The server was out of reach, or changes had to wait (refused for now, or left by an earlier
   * page), and the queue has not emptied since the server was back.
   */
  hadWaitingChanges: boolean;
  /** When the last such changes all went through; null until they have. */
  syncedAt: number | null;
};

/** Entries older than this page waited through a reload or a closed tab: they count as waiting. */
const PAGE_STARTED_AT = Date.now();

let status: SyncStatus = { hadWaitingChanges: false, syncedAt: null };
const listeners = createListeners();
let stopWatching: (() => void) | null = null;

/** The status as last worked out (one object per change, for useSyncExternalStore). */
export function syncStatus(): SyncStatus {
  return status;
}

export const subscribeSyncStatus = listeners.subscribe;

/**
 * Starts following the outbox and reachability, from a quiet status (main.tsx, before anything
 * can be sent); returns the function that stops it.
 */
export function watchSyncStatus(): () => void {
  stopWatching?.();
  status = { hadWaitingChanges: false, syncedAt: null };
  const observe = (): void => {
    const next = nextStatus(status, outboxEntries(), isReachable(), Date.now());
    if (next === status) return;
    status = next;
    listeners.emit();
  };
  const offOutbox = subscribeOutbox(observe);
  const offReachability = subscribeReachability(observe);
  observe();
  const stop = (): void => {
    offOutbox();
    offReachability();
    if (stopWatching === stop) stopWatching = null;
  };
  stopWatching = stop;
  return stop;
}

/** The status after the queue or reachability changed; the same object when nothing did. */
export function nextStatus(
  current: SyncStatus,
  entries: readonly OutboxEntry[],
  isOnline: boolean,
  now: number,
): SyncStatus {
  // Out of reach with nothing queued counts too: back online, the spec's "Synced!" tells the
  // user the app is live again, not only that queued changes went.
  const isWaiting =
    !isOnline || entries.some((entry) => entry.retries > 0 || entry.timestamp < PAGE_STARTED_AT);
  if (isWaiting && !current.hadWaitingChanges) return { ...current, hadWaitingChanges: true };
  if (isOnline && entries.length === 0 && current.hadWaitingChanges)
    return { hadWaitingChanges: false, syncedAt: now };
  return current;
}
