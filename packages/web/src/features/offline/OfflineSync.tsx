/**
 * Keeps the outbox moving for the whole app (docs/offline.md): loads it at start, replays it
 * whenever the server is reachable, and reports what nobody waited for: a change confirmed after
 * it waited refreshes what it touched; one the server refused is shown, and refetching the truth
 * rolls its optimistic change back; entries dropped by the bounds are told.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../lib/toast';
import { isClaimed, loadOutbox, onDropped, onSettled, type Settlement } from '../../lib/outbox';
import { replayWhenReachable } from '../../lib/replay';
import { invalidateFor } from '../../lib/invalidate';
import { offlineCopy as copy } from './copy';
import { keepPendingShown } from './keep-pending';
import { refusalError } from './send-queued';

export function OfflineSync() {
  const client = useQueryClient();
  useEffect(() => {
    let stopReplaying: (() => void) | undefined;
    let isStopped = false;
    void loadOutbox().then(() => {
      if (!isStopped) stopReplaying = replayWhenReachable();
    });
    const offSettled = onSettled((settlement: Settlement) => {
      // This tab's mutation waited for it: it refreshes and reports what it needs.
      if (isClaimed(settlement.id)) return;
      // A change that waited touched what its kind touches (completions and progress, settings
      // that may move what dates mean, a list): read them all again.
      void invalidateFor(
        client,
        'completions',
        'progress',
        'habits',
        'categories',
        'rewards',
        'settings',
        'rest',
      );
      // A refusal a mutation reported in the tab that made the change is not said again here.
      if (settlement.kind === 'refused' && settlement.isReported !== true) {
        toast.error(refusalText(settlement));
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

function refusalText(settlement: Settlement & { kind: 'refused' }): string {
  const error = refusalError(settlement);
  if (error.code === 'NOT_FOUND') return copy.refusedGone;
  return error.message ? copy.refused(error.message) : copy.refusedFallback;
}
