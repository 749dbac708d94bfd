/**
 * Keeps the outbox moving for the whole app (docs/offline.md): loads it at start, replays it
 * whenever the server is reachable, and reports what nobody waited for: a change confirmed after
 * it waited refreshes what it touched; one the server refused is shown, and refetching the truth
 * rolls its optimistic change back; entries dropped by the bounds are told.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { loadOutbox, onDropped, onSettled, type Settlement } from '../../lib/outbox';
import { replayWhenReachable } from '../../lib/replay';
import { invalidateFor } from '../../lib/invalidate';
import { offlineCopy as copy } from './copy';
import { keepPendingShown } from './keep-pending';
import { isClaimed, refusalError } from './send-queued';

export function OfflineSync() {
  const client = useQueryClient();
  useEffect(() => {
    let stopReplaying: (() => void) | undefined;
    let isStopped = false;
    void loadOutbox().then(() => {
      if (!isStopped) stopReplaying = replayWhenReachable();
    });
    const offSettled = onSettled((settlement: Settlement) => {
      if (isClaimed(settlement.id)) return;
      // A change that waited touched completions and progress, or settings (which may move
      // what dates mean): read them again.
      void invalidateFor(client, 'completions', 'progress', 'habits', 'settings');
      if (settlement.kind === 'refused') {
        const message = refusalError(settlement).message;
        toast.error(message ? copy.refused(message) : copy.refusedFallback);
      }
    });
    const offDropped = onDropped((notice) => {
      toast.warning(notice, { duration: 10_000 });
    });
    const stopKeeping = keepPendingShown(client);
    return () => {
      isStopped = true;
      stopReplaying?.();
      offSettled();
      offDropped();
      stopKeeping();
    };
  }, [client]);
  return null;
}
