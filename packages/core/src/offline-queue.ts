/**
 * The offline queue (docs/product.md; docs/decisions.md): changes made while offline wait here and are
 * replayed in order when the connection returns. Entries are idempotent set-state commands whose
 * id is the idempotency key, so a replay that is retried cannot apply a change twice. Every
 * function returns a new queue; nothing is mutated. Anything dropped is returned with its reason,
 * so the caller can tell the user: a queued change is never lost silently.
 */
import { isLocalDate, type LocalDate } from './dates';

export const MAX_QUEUE_LENGTH = 100;
export const QUOTA_TRIM_LENGTH = 50;
export const MAX_ENTRY_AGE_DAYS = 7;
const MAX_ENTRY_AGE_MS = MAX_ENTRY_AGE_DAYS * 86_400_000;
/** How long the 'Synced!' badge stays after the queue empties (docs/product.md). */
export const SYNCED_BADGE_MS = 5_000;

export type QueueEntry = {
  /** The idempotency key sent with the replayed request. */
  id: string;
  type: string;
  payload: unknown;
  /** When the change was made, in epoch milliseconds. */
  timestamp: number;
  retries: number;
};

export type SetCompletionPayload = { habitId: string; date: LocalDate; completed: boolean };
export type SetCompletionEntry = QueueEntry & {
  type: 'set-completion';
  payload: SetCompletionPayload;
};

export type OfflineQueue<E extends QueueEntry = QueueEntry> = readonly E[];
export type DropReason = 'expired' | 'overflow' | 'quota';
export type DroppedEntry<E extends QueueEntry = QueueEntry> = { entry: E; reason: DropReason };
/** A queue after a change, and what the change dropped (to tell the user). */
export type QueueChange<E extends QueueEntry = QueueEntry> = {
  queue: E[];
  dropped: DroppedEntry<E>[];
};

/** True for a set-completion entry whose payload has the right shape (e.g. read back from storage). */
export function isSetCompletionEntry(entry: QueueEntry): entry is SetCompletionEntry {
  if (entry.type !== 'set-completion') return false;
  const payload = entry.payload as Partial<Record<keyof SetCompletionPayload, unknown>> | null;
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof payload.habitId === 'string' &&
    isLocalDate(payload.date) &&
    typeof payload.completed === 'boolean'
  );
}

/** A fresh set-completion entry; the caller supplies the id (the idempotency key). */
export function setCompletionEntry(
  id: string,
  payload: SetCompletionPayload,
  now: number,
): SetCompletionEntry {
  return { id, type: 'set-completion', payload: { ...payload }, timestamp: now, retries: 0 };
}

/**
 * Adds an entry. A set-completion for the same habit and date replaces the queued one when only
 * other set-completions were queued after it: the last wanted state wins, and since the server
 * call is a set (not a toggle) nothing is lost. After any other change (an edit of the habit's
 * XP, a new week start) the new one is added instead, so the server hears the first state before
 * that change and the second after it, as they were made. The new entry goes where its timestamp
 * puts it (the end, unless a clock moved back), so replay order stays the order the changes were
 * made. An entry with an id already queued replaces that one. Then expired entries go, then the
 * oldest beyond the bound of 100.
 */
export function enqueue<E extends QueueEntry>(
  queue: OfflineQueue<E>,
  entry: E,
  now: number,
): QueueChange<E> {
  const same = queue.findLastIndex((queued) => isSameTarget(queued, entry));
  const replaced =
    same !== -1 && queue.slice(same + 1).every((queued) => isSetCompletionEntry(queued))
      ? same
      : -1;
  const kept = queue.filter((queued, index) => queued.id !== entry.id && index !== replaced);
  const at = kept.findIndex((queued) => queued.timestamp > entry.timestamp);
  const inserted = at === -1 ? [...kept, entry] : [...kept.slice(0, at), entry, ...kept.slice(at)];
  const pruned = pruneExpired(inserted, now);
  const overflow = Math.max(0, pruned.queue.length - MAX_QUEUE_LENGTH);
  return {
    queue: pruned.queue.slice(overflow),
    dropped: [...pruned.dropped, ...droppedAs(pruned.queue.slice(0, overflow), 'overflow')],
  };
}

/** Removes entries older than 7 days; an entry exactly 7 days old still stays. */
export function pruneExpired<E extends QueueEntry>(
  queue: OfflineQueue<E>,
  now: number,
): QueueChange<E> {
  const isExpired = (entry: E) => now - entry.timestamp > MAX_ENTRY_AGE_MS;
  return {
    queue: queue.filter((entry) => !isExpired(entry)),
    dropped: droppedAs(queue.filter(isExpired), 'expired'),
  };
}

/** After a storage quota error: keeps the newest 50 entries (docs/product.md). */
export function trimOnQuotaError<E extends QueueEntry>(queue: OfflineQueue<E>): QueueChange<E> {
  const excess = Math.max(0, queue.length - QUOTA_TRIM_LENGTH);
  return { queue: queue.slice(excess), dropped: droppedAs(queue.slice(0, excess), 'quota') };
}

/** The oldest `size` entries: what to replay next, in order. */
export function nextBatch<E extends QueueEntry>(queue: OfflineQueue<E>, size = 10): E[] {
  return queue.slice(0, Math.max(0, size));
}

/** Counts one more failed attempt for the entry with that id. */
export function markRetry<E extends QueueEntry>(queue: OfflineQueue<E>, id: string): E[] {
  return queue.map((entry) => (entry.id === id ? { ...entry, retries: entry.retries + 1 } : entry));
}

/** Removes the entries the server has confirmed. */
export function removeSynced<E extends QueueEntry>(
  queue: OfflineQueue<E>,
  ids: Iterable<string>,
): E[] {
  const synced = new Set(ids);
  return queue.filter((entry) => !synced.has(entry.id));
}

/** The texts telling the user what was dropped, one sentence per reason. */
export const DROPPED_TEXTS: Record<DropReason, (count: number) => string> = {
  expired: (count) =>
    count === 1
      ? '1 offline change was dropped because it was older than 7 days.'
      : `${count} offline changes were dropped because they were older than 7 days.`,
  overflow: (count) =>
    count === 1
      ? `The oldest offline change was dropped because at most ${MAX_QUEUE_LENGTH} changes can wait to sync.`
      : `The ${count} oldest offline changes were dropped because at most ${MAX_QUEUE_LENGTH} changes can wait to sync.`,
  quota: (count) =>
    count === 1
      ? 'The oldest offline change was dropped because device storage is full.'
      : `The ${count} oldest offline changes were dropped because device storage is full.`,
};

/** What to tell the user about dropped entries, or null when nothing was dropped. */
export function droppedNotice(dropped: readonly DroppedEntry[]): string | null {
  const reasons: DropReason[] = ['expired', 'overflow', 'quota'];
  const sentences = reasons.flatMap((reason) => {
    const count = dropped.filter((drop) => drop.reason === reason).length;
    return count > 0 ? [DROPPED_TEXTS[reason](count)] : [];
  });
  return sentences.length > 0 ? sentences.join(' ') : null;
}

export type OfflineBadge = {
  kind: 'offline' | 'syncing' | 'pending' | 'synced';
  text: string;
};

/**
 * The header badge (docs/product.md): 'Offline Mode' while offline; 'Syncing... (N)' while replaying;
 * 'N pending' online with queued entries; 'Synced!' for 5 s after the queue emptied on coming
 * back online (the caller records that moment as justSyncedAt); otherwise none.
 */
export function offlineBadge(state: {
  isOnline: boolean;
  pending: number;
  isSyncing: boolean;
  justSyncedAt: number | null;
  now: number;
}): OfflineBadge | null {
  if (!state.isOnline) return { kind: 'offline', text: 'Offline Mode' };
  if (state.isSyncing) return { kind: 'syncing', text: `Syncing... (${state.pending})` };
  if (state.pending > 0) return { kind: 'pending', text: `${state.pending} pending` };
  if (state.justSyncedAt !== null) {
    const elapsed = state.now - state.justSyncedAt;
    if (elapsed >= 0 && elapsed < SYNCED_BADGE_MS) return { kind: 'synced', text: 'Synced!' };
  }
  return null;
}

function isSameTarget(a: QueueEntry, b: QueueEntry): boolean {
  return (
    isSetCompletionEntry(a) &&
    isSetCompletionEntry(b) &&
    a.payload.habitId === b.payload.habitId &&
    a.payload.date === b.payload.date
  );
}

function droppedAs<E extends QueueEntry>(
  entries: readonly E[],
  reason: DropReason,
): DroppedEntry<E>[] {
  return entries.map((entry) => ({ entry, reason }));
}
