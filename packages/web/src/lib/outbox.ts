/**
 * The outbox (docs/offline.md): changes the user made that the server has not confirmed yet,
 * kept in IndexedDB so they survive a reload, a closed tab and a cold start offline. An entry is
 * written when the user acts, before the screen changes, and carries everything its replay needs:
 * method, path, body and its Idempotency-Key (the entry's id), so sending it twice applies it once.
 * The bounds and the coalescing of repeated toggles are core's (offline-queue.ts); whatever they
 * drop is announced, never lost silently. Every tab sees the same queue: changes are written under
 * a Web Lock and announced on a BroadcastChannel. As that write may wait for the lock, each entry
 * is first copied to localStorage in the task of the action (write-ahead.ts); every write takes
 * in the copies the queue lacks, so a change whose tab went before its write still arrives.
 *
 * The queue is the device's, its entries each an account's: an entry records the user who made
 * it, and only that user's entries are shown, kept on screen and sent (`setOutboxOwner`). A
 * session that simply expired leaves its changes for its own next sign-in, never for the next
 * account signed in on this device.
 */
import {
  enqueue,
  droppedNotice,
  pruneExpired,
  trimOnQuotaError,
  type DroppedEntry,
  type QueueChange,
  type QueueEntry,
} from '@habitquest/core/offline-queue';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { readCopies, removeAllCopies, removeCopies, writeCopy } from './write-ahead';
import { createListeners } from './listeners';

export type OutboxEntry = QueueEntry & {
  method: 'PUT' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body: unknown;
  /**
   * The id of the user whose change it is, stamped when it is queued. Absent on entries stored
   * before owners were recorded: the first signed-in user to write the queue takes those over.
   */
  owner?: string;
};

/** How a queued change ended, told to every tab. */
export type Settlement = (
  | { kind: 'synced'; id: string; body: unknown }
  | { kind: 'refused'; id: string; status: number; body: unknown }
) & {
  /**
   * A mutation waited for this outcome in the tab that settled it, and reports it there (the
   * dialog's own message, its toast): no tab reports it a second time.
   */
  isReported?: boolean;
};

type Message = { type: 'changed' } | { type: 'settled'; settlement: Settlement };

const QUEUE_KEY = 'queue';
const WRITE_LOCK = 'habitquest-outbox-write';
const CHANNEL = 'habitquest-outbox';

let store: UseStore | undefined;
/** Every entry on this device, as last read. */
let entries: readonly OutboxEntry[] = [];
/** The signed-in user's part of `entries` (one array per change, for useSyncExternalStore). */
let ownEntries: readonly OutboxEntry[] = [];
/** The signed-in user's id; null while no one is known to be signed in. */
let owner: string | null = null;
/** Whether the server named that user in this page (not only the saved session of an earlier one). */
let isOwnerConfirmed = false;
let isLoaded = false;
/** Entries this tab is adding: their copies are theirs to store, with the full-queue refusal. */
const adding = new Set<string>();
const changeListeners = createListeners();
const settleListeners = createListeners<[settlement: Settlement]>();
const dropListeners = createListeners<[notice: string]>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);

channel?.addEventListener('message', (event: MessageEvent<Message>) => {
  if (event.data.type === 'changed') void reload();
  else settleListeners.emit(event.data.settlement);
});

function outboxStore(): UseStore {
  store ??= createStore('habitquest-outbox', 'entries');
  return store;
}

/**
 * Whose changes are shown and sent: the signed-in user's id, or null when no one is known to be
 * signed in (then none are). Set from the session as soon as it is known, the saved one included
 * (features/auth/outbox-owner.ts), so it is in place before any screen can queue a change; but
 * sent only once the server has named that user in this page (`confirmed`): the saved session may
 * be an earlier account's whose session has ended, and the cookie another account's.
 */
export function setOutboxOwner(userId: string | null, confirmed: boolean): void {
  const isConfirmed = userId !== null && confirmed;
  if (userId === owner && isConfirmed === isOwnerConfirmed) return;
  owner = userId;
  isOwnerConfirmed = isConfirmed;
  setEntries(entries);
  notifyChanged();
}

/** The signed-in user's queued changes as last read (for the badge); `loadOutbox` fills it. */
export function outboxEntries(): readonly OutboxEntry[] {
  return ownEntries;
}

export function isOutboxLoaded(): boolean {
  return isLoaded;
}

export const subscribeOutbox = changeListeners.subscribe;

/** Called in this tab and every other when a queued change is confirmed or refused. */
export const onSettled = settleListeners.subscribe;

/** Called with the sentence to show when bounds dropped queued changes. */
export const onDropped = dropListeners.subscribe;

/**
 * Reads the stored queue, first taking in the changes left only in write-ahead copies (a reload
 * or a closed tab came before their write), and drops what is older than 7 days (saying so).
 */
export async function loadOutbox(now = Date.now()): Promise<readonly OutboxEntry[]> {
  await update((queue) => pruneExpired(queue, now), now);
  return ownEntries;
}

/**
 * Adds a change; a change of the same habit and date replaces the queued one. Refuses (throws
 * OutboxFullError) when the account's changes already reach the maximum and nothing could be
 * coalesced, so a full queue stops the next change with a message instead of dropping an older
 * one.
 *
 * The copy is made before anything is awaited: from then on a reload cannot lose the change.
 */
export async function addToOutbox(made: OutboxEntry, now = Date.now()): Promise<void> {
  const entry: OutboxEntry = owner === null ? made : { ...made, owner };
  writeCopy(entry);
  adding.add(entry.id);
  try {
    await update((queue) => {
      // The bound is each account's: changes another account left here take none of this one's room.
      const isSameAccount = (queued: OutboxEntry) =>
        (queued.owner ?? owner) === (entry.owner ?? owner);
      const change = enqueue(queue.filter(isSameAccount), entry, now);
      if (change.dropped.some((drop) => drop.reason === 'overflow')) throw new OutboxFullError();
      const others = queue.filter((queued) => !isSameAccount(queued));
      // Oldest first across accounts, as the queue is kept (a stable sort keeps each one's order).
      const merged = [...others, ...change.queue].sort((a, b) => a.timestamp - b.timestamp);
      return { queue: merged, dropped: change.dropped };
    }, now);
  } catch (error) {
    // Not stored, and the user is told: the change must not come back from its copy either.
    removeCopies([entry.id]);
    throw error;
  } finally {
    adding.delete(entry.id);
  }
}

/** Removes a settled entry and tells every tab how it ended. */
export async function settle(settlement: Settlement): Promise<void> {
  await update((queue) => ({
    queue: queue.filter((queued) => queued.id !== settlement.id),
    dropped: [],
  }));
  const told = { ...settlement, isReported: claimed.has(settlement.id) };
  announce({ type: 'settled', settlement: told });
  settleListeners.emit(told);
}

/** Ids of entries whose outcome a mutation of this tab waits for and reports itself. */
const claimed = new Set<string>();

/** This tab's mutation waits for the entry's outcome (until `unclaim`). */
export function claim(id: string): void {
  claimed.add(id);
}

export function unclaim(id: string): void {
  claimed.delete(id);
}

export function isClaimed(id: string): boolean {
  return claimed.has(id);
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

/**
 * Forgets every queued change on this device, every account's (sign-out: the person leaving asks
 * the device to forget what it kept; the next person here must not see or send them).
 */
export async function clearOutbox(): Promise<void> {
  removeAllCopies();
  await withWriteLock(async () => {
    await del(QUEUE_KEY, outboxStore());
  });
  setEntries([]);
  notifyChanged();
  announce({ type: 'changed' });
}

/** The bytes the queue takes on this device (every account's entries), for storage health. */
export function outboxBytes(): number {
  return entries.length === 0 ? 0 : new Blob([JSON.stringify(entries)]).size;
}

export class OutboxFullError extends Error {
  constructor() {
    super('Too many changes are waiting to sync. Reconnect to save this one.');
  }
}

async function update(
  change: (queue: readonly OutboxEntry[]) => QueueChange<OutboxEntry>,
  now = Date.now(),
): Promise<void> {
  const dropped = await withWriteLock(async () => {
    const stored = (await get<OutboxEntry[]>(QUEUE_KEY, outboxStore())) ?? [];
    const copies = readCopies().filter((copy) => !adding.has(copy.id));
    const taken = withCopies(adopted(stored), adopted(copies), now);
    const next = change(taken.queue);
    const written = await write(next.queue);
    // IndexedDB now holds what those copies held, or core's rules dropped it (and it is told); a
    // copy left behind of an entry that has since left the queue must not bring it back.
    const done = [...stored, ...next.queue].map((entry) => entry.id);
    removeCopies(new Set([...taken.ids, ...done]));
    return [...taken.dropped, ...next.dropped, ...written.dropped];
  });
  isLoaded = true;
  notifyChanged();
  announce({ type: 'changed' });
  // Told to whose changes they were: another account's dropped entries are not this user's news.
  const notice = droppedNotice(dropped.filter(({ entry }) => isOwn(entry)));
  if (notice) dropListeners.emit(notice);
}

/** Stores the queue; on a quota error keeps the newest 50 (docs/offline.md) and says what went. */
async function write(queue: OutboxEntry[]): Promise<{ dropped: DroppedEntry<OutboxEntry>[] }> {
  try {
    await set(QUEUE_KEY, queue, outboxStore());
    setEntries(queue);
    return { dropped: [] };
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    const trimmed = trimOnQuotaError(queue);
    await set(QUEUE_KEY, trimmed.queue, outboxStore());
    setEntries(trimmed.queue);
    return trimmed;
  }
}

/**
 * The queue with the changes only their write-ahead copies hold, each taken in once (an entry
 * already queued stays as it is), in the order made, under core's rules like any other change:
 * but a full queue drops no older change for one, which waits in its copy for room instead.
 * `ids`: the copies dealt with.
 */
function withCopies(
  queue: readonly OutboxEntry[],
  copies: readonly OutboxEntry[],
  now: number,
): QueueChange<OutboxEntry> & { ids: string[] } {
  const taken: QueueChange<OutboxEntry> & { ids: string[] } = {
    queue: [...queue],
    dropped: [],
    ids: [],
  };
  for (const copy of copies) {
    if (!taken.queue.some((queued) => queued.id === copy.id)) {
      const next = enqueue(taken.queue, copy, now);
      if (next.dropped.some((drop) => drop.reason === 'overflow')) continue;
      taken.queue = next.queue;
      taken.dropped.push(...next.dropped);
    }
    taken.ids.push(copy.id);
  }
  return taken;
}

/**
 * The signed-in user's queued changes as stored now (another tab may have changed the queue
 * since the last read): what a replay sends, oldest first.
 */
export async function readOutbox(): Promise<readonly OutboxEntry[]> {
  await reload();
  return ownEntries;
}

async function reload(): Promise<void> {
  setEntries((await get<OutboxEntry[]>(QUEUE_KEY, outboxStore())) ?? []);
  isLoaded = true;
  notifyChanged();
}

/**
 * What a replay may send now, oldest first: the signed-in user's queued changes once the server
 * has confirmed who that is in this page, else none.
 */
export async function readOutboxToSend(): Promise<readonly OutboxEntry[]> {
  const own = await readOutbox();
  return isOwnerConfirmed ? own : [];
}

function setEntries(all: readonly OutboxEntry[]): void {
  entries = all;
  ownEntries = all.filter(isOwn);
}

/** Whether the signed-in user made this change (an entry without an owner is taken as theirs). */
function isOwn(entry: OutboxEntry): boolean {
  return owner !== null && (entry.owner ?? owner) === owner;
}

/** Entries stored before owners were recorded become the signed-in user's. */
function adopted<T extends OutboxEntry>(queue: readonly T[]): T[] {
  return queue.map((entry) =>
    entry.owner === undefined && owner !== null ? { ...entry, owner } : entry,
  );
}

function notifyChanged(): void {
  changeListeners.emit();
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
