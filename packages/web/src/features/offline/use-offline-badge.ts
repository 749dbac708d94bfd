import { offlineBadge, SYNCED_BADGE_MS, type OfflineBadge } from '@habitquest/core/offline-queue';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { outboxEntries, subscribeOutbox } from '../../lib/outbox';
import { isReachable, subscribeReachability } from '../../lib/reachability';
import { isSyncing, subscribeSyncing } from '../../lib/replay';

/** Entries older than this page waited through a reload or a closed tab: they count as waiting. */
const PAGE_STARTED_AT = Date.now();

/**
 * The badge's state (docs/offline.md): offline, syncing, pending, or 'Synced!' for 5 s after the
 * queue emptied; null otherwise. Online, a change on its way for the first time is not "pending":
 * only changes made while the server was out of reach, left by an earlier page, or that failed
 * once are counted, so an
 * ordinary toggle does not flash the badge.
 */
export function useOfflineBadge(): OfflineBadge | null {
  const isOnline = useSyncExternalStore(subscribeReachability, isReachable);
  const entries = useSyncExternalStore(subscribeOutbox, outboxEntries);
  const syncing = useSyncExternalStore(subscribeSyncing, isSyncing);
  const [justSyncedAt, setJustSyncedAt] = useState<number | null>(null);
  /** Changes had to wait (out of reach, or refused for now) and have not all gone through yet. */
  const hadOfflineChanges = useRef(false);
  if (
    (!isOnline && entries.length > 0) ||
    entries.some((entry) => entry.retries > 0 || entry.timestamp < PAGE_STARTED_AT)
  )
    hadOfflineChanges.current = true;
  const pending =
    isOnline && !hadOfflineChanges.current
      ? entries.filter((entry) => entry.retries > 0).length
      : entries.length;
  const isWaiting = pending > 0;

  useEffect(() => {
    if (!isOnline || entries.length > 0 || !hadOfflineChanges.current) return;
    hadOfflineChanges.current = false;
    setJustSyncedAt(Date.now());
    const timer = setTimeout(() => {
      setJustSyncedAt(null);
    }, SYNCED_BADGE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [entries.length, isOnline]);

  return offlineBadge({
    isOnline,
    pending,
    isSyncing: syncing && isWaiting,
    justSyncedAt,
    now: Date.now(),
  });
}
