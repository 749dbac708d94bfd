/**
 * The outbox (docs/offline.md): changes the user made that the server has not confirmed yet,
 * kept in IndexedDB so they survive a reload, a closed tab and a cold start offline. An entry is
 * written when the user acts, before the screen changes, and carries everything its replay needs:
 * method, path, body and its Idempotency-Key (the entry's id), so sending it twice applies it once.
 * The bounds and the coalescing of repeated toggles are core's (offline-queue.ts); whatever they
 * drop is announced, never lost silently. Every tab sees the same queue: changes are written under
 * a Web Lock and announced on a BroadcastChannel.
 */
import {
  enqueue,
  droppedNotice,
  pruneExpired,
  trimOnQuotaError,
  type DroppedEntry,
  type QueueEntry,
} from '@habitquest/core/offline-queue';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

export type OutboxEntry = QueueEntry & {
  method: 'PUT' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body: unknown;
};

/** How a queued change ended, told to every tab. */
export type Settlement =
  | { kind: 'synced'; id: string; body: unknown }
  | { kind: 'refused'; id: string; status: number; body: unknown };

type Message = { type: 'changed' } | { type: 'settled'; settlement: Settlement };

const QUEUE_KEY = 'queue';
const WRITE_LOCK = 'habitquest-outbox-write';
const CHANNEL = 'habitquest-outbox';

let store: UseStore | undefined;
let entries: readonly OutboxEntry[] = [];
let isLoaded = false;
const changeListeners = new Set<() => void>();
const settleListeners = new Set<(settlement: Settlement) => void>();
const dropListeners = new Set<(notice: string) => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);

channel?.addEventListener('message', (event: MessageEvent<Message>) => {
  if (event.data.type === 'changed') void reload();
  else for (const listener of [...settleListeners]) listener(event.data.settlement);
});

function outboxStore(): UseStore {
  store ??= createStore('habitquest-outbox', 'entries');
  return store;
}

/** The queue as last read (for the badge); `loadOutbox` fills it at start. */
export function outboxEntries(): readonly OutboxEntry[] {
  return entries;
}

export function isOutboxLoaded(): boolean {
  return isLoaded;
}

export function subscribeOutbox(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => {
    changeListeners.delete(listener);
  };
}

/** Called in this tab and every other when a queued change is confirmed or refused. */
export function onSettled(listener: (settlement: Settlement) => void): () => void {
  settleListeners.add(listener);
  return () => {
    settleListeners.delete(listener);
  };
}

/** Called with the sentence to show when bounds dropped queued changes. */
export function onDropped(listener: (notice: string) => void): () => void {
  dropListeners.add(listener);
  return () => {
    dropListeners.delete(listener);
  };
}

/** Reads the stored queue, dropping what is older than 7 days (and saying so). */
export async function loadOutbox(now = Date.now()): Promise<readonly OutboxEntry[]> {
  await update((queue) => pruneExpired(queue, now));
  return entries;
}

/**
 * Adds a change; a change of the same habit and date replaces the queued one. Refuses (throws
 * OutboxFullError) when the queue already holds its maximum and nothing could be coalesced, so a
 * full queue stops the next change with a message instead of dropping an older one.
 */
export async function addToOutbox(entry: OutboxEntry, now = Date.now()): Promise<void> {
  await update((queue) => {
    const change = enqueue(queue, entry, now);
    if (change.dropped.some((drop) => drop.reason === 'overflow')) throw new OutboxFullError();
    return change;
  });
}

/** Removes a settled entry and tells every tab how it ended. */
export async function settle(settlement: Settlement): Promise<void> {
  await update((queue) => ({
    queue: queue.filter((queued) => queued.id !== settlement.id),
    dropped: [],
  }));
  announce({ type: 'settled', settlement });
  for (const listener of [...settleListeners]) listener(settlement);
}

/** Counts a failed attempt of an entry that stays queued. */
export async function countRetry(id: string): Promise<void> {
  await update((queue) => ({
    queue: queue.map((queued) =>
      queued.id === id ? { ...queued, retries: queued.retries + 1 } : queued,
    ),
    dropped: [],
  }));
}

/** Forgets every queued change (sign-out: the next person on this device must not send them). */
export async function clearOutbox(): Promise<void> {
  await withWriteLock(async () => {
    await del(QUEUE_KEY, outboxStore());
  });
  entries = [];
  notifyChanged();
  announce({ type: 'changed' });
}

/** The bytes the queue takes, for storage health. */
export function outboxBytes(): number {
  return entries.length === 0 ? 0 : new Blob([JSON.stringify(entries)]).size;
}

export class OutboxFullError extends Error {
  constructor() {
    super('Too many changes are waiting to sync. Reconnect to save this one.');
  }
}

async function update(
  change: (queue: readonly OutboxEntry[]) => {
    queue: OutboxEntry[];
    dropped: DroppedEntry<OutboxEntry>[];
  },
): Promise<void> {
  const dropped = await withWriteLock(async () => {
    const stored = (await get<OutboxEntry[]>(QUEUE_KEY, outboxStore())) ?? [];
    const next = change(stored);
    try {
      await set(QUEUE_KEY, next.queue, outboxStore());
      entries = next.queue;
      return next.dropped;
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      // Storage is full: keep the newest 50 (docs/offline.md) and say what went.
      const trimmed = trimOnQuotaError(next.queue);
      await set(QUEUE_KEY, trimmed.queue, outboxStore());
      entries = trimmed.queue;
      return [...next.dropped, ...trimmed.dropped];
    }
  });
  isLoaded = true;
  notifyChanged();
  announce({ type: 'changed' });
  const notice = droppedNotice(dropped);
  if (notice) for (const listener of [...dropListeners]) listener(notice);
}

/** The queue as stored now (another tab may have changed it since the last read). */
export async function readOutbox(): Promise<readonly OutboxEntry[]> {
  await reload();
  return entries;
}

async function reload(): Promise<void> {
  entries = (await get<OutboxEntry[]>(QUEUE_KEY, outboxStore())) ?? [];
  isLoaded = true;
  notifyChanged();
}

function notifyChanged(): void {
  for (const listener of [...changeListeners]) listener();
}

function announce(message: Message): void {
  channel?.postMessage(message);
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'QuotaExceededError';
}

/** The last write of this tab: the next one starts after it (a read-modify-write each). */
let lastWrite: Promise<unknown> = Promise.resolve();

/**
 * Runs `work` after this tab's earlier writes and while no other tab writes the queue (Web Locks;
 * where a browser has none, only this tab's order is kept).
 */
async function withWriteLock<T>(work: () => Promise<T>): Promise<T> {
  const locked = (): Promise<T> =>
    typeof navigator === 'undefined' || !('locks' in navigator)
      ? work()
      : navigator.locks.request(WRITE_LOCK, work);
  const run = lastWrite.then(locked, locked);
  lastWrite = run.catch(() => undefined);
  return await run;
}
