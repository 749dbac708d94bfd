import { offlineBadge, SYNCED_BADGE_MS, type OfflineBadge } from '@habitquest/core/offline-queue';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { outboxEntries, subscribeOutbox } from '../../lib/outbox';
import { isReachable, subscribeReachability } from '../../lib/reachability';
import { isSyncing, subscribeSyncing } from '../../lib/replay';
import { subscribeSyncStatus, syncStatus } from '../../lib/sync-status';

/**
 * When a badge was first on screen in this page: a later one (the dashboard shown again) does not
 * repeat an old 'Synced!'.
 */
let firstShownAt: number | null = null;

/**
 * The badge's state (docs/offline.md): offline, syncing, pending, or 'Synced!' for 5 s after the
 * queue emptied; null otherwise. Online, a change on its way for the first time is not "pending":
 * only changes made while the server was out of reach, left by an earlier page, or that failed
 * once are counted, so an ordinary toggle does not flash the badge. Changes that went through
 * before the badge was on screen (a closed tab's, sent as the app started) get their 'Synced!'
 * for 5 s from when the badge first appears.
 */
export function useOfflineBadge(): OfflineBadge | null {
  const isOnline = useSyncExternalStore(subscribeReachability, isReachable);
  const entries = useSyncExternalStore(subscribeOutbox, outboxEntries);
  const syncing = useSyncExternalStore(subscribeSyncing, isSyncing);
  const { hadWaitingChanges, syncedAt } = useSyncExternalStore(subscribeSyncStatus, syncStatus);
  firstShownAt ??= Date.now();
  const justSyncedAt = syncedAt === null ? null : Math.max(syncedAt, firstShownAt);
  // Drawn again when 'Synced!' is due to go.
  const [, setExpired] = useState<number | null>(null);
  useEffect(() => {
    if (justSyncedAt === null) return;
    const timer = setTimeout(
      () => {
        setExpired(justSyncedAt);
      },
      Math.max(0, justSyncedAt + SYNCED_BADGE_MS - Date.now()),
    );
    return () => {
      clearTimeout(timer);
    };
  }, [justSyncedAt]);

  const pending =
    isOnline && !hadWaitingChanges
      ? entries.filter((entry) => entry.retries > 0).length
      : entries.length;
  return offlineBadge({
    isOnline,
    pending,
    isSyncing: syncing && pending > 0,
    justSyncedAt,
    now: Date.now(),
  });
}
