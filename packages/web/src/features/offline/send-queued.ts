/**
 * A change sent through the outbox (docs/offline.md): the entry is stored first, then this tab
 * replays the queue. The caller learns whether the server confirmed the change now ('synced', with
 * the answer) or it waits in the queue ('queued'); a refusal throws the server's error, so the
 * mutation rolls its optimistic change back. Changes settled later are the OfflineSync's to report.
 */
import { ApiError, toApiError } from '../../lib/api';
import {
  addToOutbox,
  claim,
  onSettled,
  readOutbox,
  type OutboxEntry,
  type Settlement,
  unclaim,
} from '../../lib/outbox';
import { isReachable } from '../../lib/reachability';
import { isBackingOff, replayOutbox } from '../../lib/replay';

export type Sent<T> = { kind: 'synced'; body: T } | { kind: 'queued' };

/** Stores the entry; throws OutboxFullError (nothing stored) when the queue is full. */
export async function queueChange(entry: OutboxEntry): Promise<void> {
  await addToOutbox(entry);
}

/** Replays the queue and waits for this entry's outcome while the server answers. */
export async function sendQueued<T>(id: string): Promise<Sent<T>> {
  claim(id);
  // Filled by the listener (a box, so the compiler does not narrow it to its first value).
  const outcome: { settlement?: Settlement } = {};
  const off = onSettled((settled) => {
    if (settled.id === id) outcome.settlement = settled;
  });
  const isSettled = (): boolean => outcome.settlement !== undefined;
  try {
    // Twice at most: an entry added just as a replay finished is picked up by the next one.
    for (let attempt = 0; attempt < 2 && !isSettled(); attempt += 1) {
      if (!isReachable() || isBackingOff()) break;
      await replayOutbox();
      if (!isSettled() && !(await readOutbox()).some((entry) => entry.id === id)) break;
    }
  } finally {
    off();
    unclaim(id);
  }
  const { settlement } = outcome;
  if (!settlement) return { kind: 'queued' };
  if (settlement.kind === 'synced') return { kind: 'synced', body: settlement.body as T };
  throw refusalError(settlement);
}

export function refusalError(settlement: Settlement & { kind: 'refused' }): ApiError {
  return toApiError(settlement.status, settlement.body);
}
