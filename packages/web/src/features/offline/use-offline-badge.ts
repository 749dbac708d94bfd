import { offlineBadge, SYNCED_BADGE_MS, type OfflineBadge } from '@habitquest/core/offline-queue';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { outboxEntries, subscribeOutbox } from '../../lib/outbox';
import { isReachable, subscribeReachability } from '../../lib/reachability';
import { isSyncing, subscribeSyncing } from '../../lib/replay';

/**
 * The badge's state (docs/offline.md): offline, syncing, pending, or 'Synced!' for 5 s after the
 * queue emptied; null otherwise.
 */
export function useOfflineBadge(): OfflineBadge | null {
  const isOnline = useSyncExternalStore(subscribeReachability, isReachable);
  const pending = useSyncExternalStore(subscribeOutbox, () => outboxEntries().length);
  const syncing = useSyncExternalStore(subscribeSyncing, isSyncing);
  const [justSyncedAt, setJustSyncedAt] = useState<number | null>(null);
  const hadPending = useRef(false);

  useEffect(() => {
    if (pending > 0) {
      hadPending.current = true;
      return;
    }
    if (!hadPending.current || !isOnline) return;
    hadPending.current = false;
    setJustSyncedAt(Date.now());
    const timer = setTimeout(() => {
      setJustSyncedAt(null);
    }, SYNCED_BADGE_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [pending, isOnline]);

  return offlineBadge({
    isOnline,
    pending,
    isSyncing: syncing && pending > 0,
    justSyncedAt,
    now: Date.now(),
  });
}
