import 'fake-indexeddb/auto';
import {
  MAX_QUEUE_LENGTH,
  QUOTA_TRIM_LENGTH,
  setCompletionEntry,
} from '@habitquest/core/offline-queue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../test/memory-storage';
import {
  addToOutbox,
  claim,
  clearOutbox,
  countRetry,
  loadOutbox,
  onDropped,
  onSettled,
  OutboxFullError,
  outboxEntries,
  readOutbox,
  readOutboxToSend,
  setOutboxOwner,
  settle,
  type OutboxEntry,
  unclaim,
} from './outbox';
import { writeCopy } from './write-ahead';

/**
 * The one fake here: the browser's storage refusing a write for lack of space, which no real
 * IndexedDB in a test can be made to do on demand. Everything else is idb-keyval itself.
 */
const storage = vi.hoisted(() => ({ fullForWrites: 0 }));
vi.mock('idb-keyval', async (importOriginal) => {
  const real = await importOriginal<typeof import('idb-keyval')>();
  return {
    ...real,
    set: (...args: Parameters<typeof real.set>) => {
      if (storage.fullForWrites > 0) {
        storage.fullForWrites -= 1;
        return Promise.reject(
          new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
        );
      }
      return real.set(...args);
    },
  };
});

const NOW = Date.UTC(2026, 10, 24, 12);
const DAY = 86_400_000;

function entry(id: string, habitId: string, date: string, completed = true, at = NOW): OutboxEntry {
  return {
    ...setCompletionEntry(id, { habitId, date, completed }, at),
    method: 'PUT',
    path: `/api/habits/${habitId}/completions/${date}`,
    body: { completed },
    // The signed-in user of these tests (beforeEach), as addToOutbox stamps it.
    owner: 'user-a',
  };
}

/** This browser's localStorage (Node has none): where the write-ahead copies go. */
let local = new MemoryStorage();
const COPY = 'habitquest.outbox-copy:';

/** An entry as the app makes it, or as the previous release stored it: with no owner yet. */
function withoutOwner(made: OutboxEntry): OutboxEntry {
  const copy = { ...made };
  delete copy.owner;
  return copy;
}

/** The ids of the write-ahead copies held now. */
function copyIds(): string[] {
  return [...local.items.keys()]
    .filter((key) => key.startsWith(COPY))
    .map((key) => key.slice(COPY.length));
}

const ids = (queue: readonly OutboxEntry[]) => queue.map((queued) => queued.id);

beforeEach(async () => {
  // The queue's own clock (a settle, a retry count) reads Date.now(): held at the entries' time,
  // or core's 7-day rule drops them once the real date is a week past NOW.
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  local = new MemoryStorage();
  vi.stubGlobal('localStorage', local);
  setOutboxOwner('user-a', true);
  await clearOutbox();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the outbox', () => {
  it('keeps entries in IndexedDB, in the order they were made', async () => {
    await addToOutbox(entry('k1', 'h1', '2026-11-24'), NOW);
    await addToOutbox(entry('k2', 'h2', '2026-11-24', true, NOW + 1), NOW + 1);
    expect((await readOutbox()).map((e) => e.id)).toEqual(['k1', 'k2']);
    expect(outboxEntries().map((e) => e.path)).toEqual([
      '/api/habits/h1/completions/2026-11-24',
      '/api/habits/h2/completions/2026-11-24',
    ]);
  });

  it('replaces a queued change of the same habit and day: the last wanted state wins', async () => {
    await addToOutbox(entry('k1', 'h1', '2026-11-24', true), NOW);
    await addToOutbox(entry('k2', 'h1', '2026-11-24', false, NOW + 1), NOW + 1);
    await addToOutbox(entry('k3', 'h1', '2026-11-23', true, NOW + 2), NOW + 2);
    const queue = await readOutbox();
    expect(queue.map((e) => [e.id, e.body])).toEqual([
      ['k2', { completed: false }],
      ['k3', { completed: true }],
    ]);
  });

  it('refuses a change when 100 wait, storing nothing, rather than dropping an older one', async () => {
    for (let day = 0; day < MAX_QUEUE_LENGTH; day += 1)
      await addToOutbox(entry(`k${String(day)}`, `h${String(day)}`, '2026-11-24', true, NOW), NOW);
    await expect(addToOutbox(entry('extra', 'hx', '2026-11-24'), NOW)).rejects.toBeInstanceOf(
      OutboxFullError,
    );
    const queue = await readOutbox();
    expect(queue).toHaveLength(MAX_QUEUE_LENGTH);
    expect(queue.some((e) => e.id === 'extra')).toBe(false);
    // Coalescing still works when full: it adds nothing.
    await addToOutbox(entry('again', 'h5', '2026-11-24', false, NOW + 1), NOW + 1);
    expect((await readOutbox()).find((e) => e.path.includes('/h5/'))?.id).toBe('again');
  });

  it('drops entries older than 7 days when read, and says so', async () => {
    await addToOutbox(entry('old', 'h1', '2026-11-10', true, NOW - 8 * DAY), NOW - 8 * DAY);
    await addToOutbox(entry('new', 'h2', '2026-11-22', true, NOW - 2 * DAY), NOW - 2 * DAY);
    const told = vi.fn<(notice: string) => void>();
    const off = onDropped(told);
    await loadOutbox(NOW);
    off();
    expect((await readOutbox()).map((e) => e.id)).toEqual(['new']);
    expect(told).toHaveBeenCalledWith(
      '1 offline change was dropped because it was older than 7 days.',
    );
  });

  it('settles an entry: gone from the queue, and every listener told how it ended', async () => {
    await addToOutbox(entry('k1', 'h1', '2026-11-24'), NOW);
    await countRetry('k1');
    expect((await readOutbox())[0]?.retries).toBe(1);
    const heard = vi.fn();
    const off = onSettled(heard);
    await settle({
      kind: 'refused',
      id: 'k1',
      status: 404,
      body: { error: { code: 'NOT_FOUND' } },
    });
    off();
    expect(await readOutbox()).toEqual([]);
    expect(heard).toHaveBeenCalledWith(expect.objectContaining({ kind: 'refused', id: 'k1' }));
  });

  it('tells every tab whether a mutation waited for the outcome and reports it itself', async () => {
    // Another tab, as it hears the outbox.
    const otherTab = new BroadcastChannel('habitquest-outbox');
    const heardThere: unknown[] = [];
    otherTab.addEventListener(
      'message',
      (event: MessageEvent<{ type: string; settlement?: unknown }>) => {
        if (event.data.type === 'settled') heardThere.push(event.data.settlement);
      },
    );
    const refusal = { kind: 'refused', status: 409, body: {} } as const;
    await addToOutbox(entry('k1', 'h1', '2026-11-24'), NOW);
    await addToOutbox(entry('k2', 'h2', '2026-11-24'), NOW);
    claim('k1');
    await settle({ ...refusal, id: 'k1' });
    unclaim('k1');
    await settle({ ...refusal, id: 'k2' });
    await vi.waitFor(() => {
      expect(heardThere).toEqual([
        { ...refusal, id: 'k1', isReported: true },
        { ...refusal, id: 'k2', isReported: false },
      ]);
    });
    otherTab.close();
  });

  it('keeps the newest 50 when storage is full, the new change among them, and says so', async () => {
    for (let n = 0; n < 80; n += 1)
      await addToOutbox(
        entry(`k${String(n)}`, `h${String(n)}`, '2026-11-24', true, NOW + n),
        NOW + n,
      );
    const told = vi.fn<(notice: string) => void>();
    const off = onDropped(told);
    storage.fullForWrites = 1;
    await addToOutbox(entry('latest', 'hz', '2026-11-24', true, NOW + 100), NOW + 100);
    off();
    const queue = await readOutbox();
    expect(queue).toHaveLength(QUOTA_TRIM_LENGTH);
    expect(queue.map((e) => e.id)).toEqual([
      ...Array.from({ length: 49 }, (_, i) => `k${String(31 + i)}`),
      'latest',
    ]);
    expect(outboxEntries()).toEqual(queue);
    expect(told).toHaveBeenCalledWith(
      'The 31 oldest offline changes were dropped because device storage is full.',
    );
  });

  it('stores nothing and tells the caller when even the trimmed queue does not fit', async () => {
    await addToOutbox(entry('k1', 'h1', '2026-11-24'), NOW);
    storage.fullForWrites = 2;
    await expect(
      addToOutbox(entry('k2', 'h2', '2026-11-24', true, NOW + 1), NOW + 1),
    ).rejects.toThrow(DOMException);
    expect((await readOutbox()).map((e) => e.id)).toEqual(['k1']);
  });
});

describe('the write-ahead copy (docs/offline.md, "Written first")', () => {
  it('is made in the task of the action, before anything is awaited, and goes once IndexedDB holds the entry', async () => {
    const change = entry('k1', 'h1', '2026-11-24');
    const adding = addToOutbox(change, NOW);
    // Not awaited yet: the IndexedDB write is still to come, the copy is already there.
    expect(copyIds()).toEqual(['k1']);
    expect(JSON.parse(local.getItem(`${COPY}k1`) ?? '')).toMatchObject({ entry: change });
    await adding;
    expect(ids(await readOutbox())).toEqual(['k1']);
    expect(copyIds()).toEqual([]);
  });

  it('brings a change whose write never ran into the outbox at load, once, in the order made', async () => {
    await addToOutbox(entry('stored', 'h0', '2026-11-24', true, NOW + 10), NOW + 10);
    // A tab that went (a reload, a closed tab) right after its actions: only the copies remain.
    writeCopy(entry('c2', 'h2', '2026-11-24', true, NOW + 2));
    writeCopy(entry('c3', 'h3', '2026-11-24', true, NOW + 2));
    writeCopy(entry('c1', 'h1', '2026-11-24', true, NOW + 1));
    // The storage lists c2 last now: the order made decides, not the order of the keys.
    const c2 = local.getItem(`${COPY}c2`) ?? '';
    local.removeItem(`${COPY}c2`);
    local.setItem(`${COPY}c2`, c2);

    await loadOutbox(NOW + 20);
    expect(ids(await readOutbox())).toEqual(['c1', 'c2', 'c3', 'stored']);
    expect(copyIds()).toEqual([]);
    await loadOutbox(NOW + 20);
    expect(ids(await readOutbox())).toEqual(['c1', 'c2', 'c3', 'stored']);
  });

  it('never doubles an entry the outbox already has, nor brings back one that has left it', async () => {
    const change = entry('k1', 'h1', '2026-11-24');
    await addToOutbox(change, NOW);
    await countRetry('k1');
    // A copy left behind: its tab went between the IndexedDB write and the copy's removal.
    writeCopy(change);
    await loadOutbox(NOW);
    expect(await readOutbox()).toEqual([{ ...change, retries: 1 }]);
    expect(copyIds()).toEqual([]);

    // The same, but the entry is sent before anything loads: its copy goes with it.
    writeCopy(change);
    await settle({ kind: 'synced', id: 'k1', body: {} });
    await loadOutbox(NOW);
    expect(await readOutbox()).toEqual([]);
    expect(copyIds()).toEqual([]);
  });

  it("takes in another tab's copy while that tab still writes it: one entry either way", async () => {
    const change = entry('k1', 'h1', '2026-11-24');
    writeCopy(change);
    await loadOutbox(NOW);
    await addToOutbox(change, NOW);
    expect(ids(await readOutbox())).toEqual(['k1']);
    expect(copyIds()).toEqual([]);
  });

  it("follows core's rules: the last state of a day wins, too old is dropped and told, a full queue drops nothing older", async () => {
    writeCopy(entry('old', 'h9', '2026-11-10', true, NOW - 8 * DAY));
    writeCopy(entry('on', 'h1', '2026-11-24', true, NOW + 1));
    writeCopy(entry('off', 'h1', '2026-11-24', false, NOW + 2));
    const told = vi.fn<(notice: string) => void>();
    const off = onDropped(told);
    await loadOutbox(NOW + 3);
    off();
    expect(await readOutbox()).toEqual([entry('off', 'h1', '2026-11-24', false, NOW + 2)]);
    expect(told).toHaveBeenCalledWith(
      '1 offline change was dropped because it was older than 7 days.',
    );

    for (let n = 1; n < MAX_QUEUE_LENGTH; n += 1)
      await addToOutbox(entry(`k${String(n)}`, `h${String(n + 10)}`, '2026-11-24', true, NOW), NOW);
    writeCopy(entry('waits', 'hw', '2026-11-24', true, NOW + 5));
    await loadOutbox(NOW + 5);
    expect(await readOutbox()).toHaveLength(MAX_QUEUE_LENGTH);
    expect(ids(await readOutbox())).not.toContain('waits');
    expect(copyIds()).toEqual(['waits']);
    // Room again: the next write takes it in, where its time puts it.
    await settle({ kind: 'synced', id: 'k1', body: {} });
    await loadOutbox(NOW + 5);
    expect(ids(await readOutbox()).at(-1)).toBe('waits');
    expect(copyIds()).toEqual([]);
  });

  it('leaves no copy of a change the full queue refused', async () => {
    for (let n = 0; n < MAX_QUEUE_LENGTH; n += 1)
      await addToOutbox(entry(`k${String(n)}`, `h${String(n)}`, '2026-11-24', true, NOW), NOW);
    await expect(addToOutbox(entry('extra', 'hx', '2026-11-24'), NOW)).rejects.toBeInstanceOf(
      OutboxFullError,
    );
    expect(copyIds()).toEqual([]);
    await loadOutbox(NOW);
    expect(ids(await readOutbox())).not.toContain('extra');
  });

  it('skips a corrupt or foreign value and leaves it alone', async () => {
    local.setItem(`${COPY}broken`, '{not json');
    local.setItem(
      `${COPY}other`,
      JSON.stringify({ entry: entry('else', 'h1', '2026-11-24'), made: 1 }),
    );
    local.setItem(`${COPY}shape`, JSON.stringify({ entry: { id: 'shape', path: 'x' }, made: 1 }));
    local.setItem(`${COPY}null`, 'null');
    local.setItem('habitquest.theme', 'dark');
    writeCopy(entry('good', 'h2', '2026-11-24'));
    await loadOutbox(NOW);
    expect(ids(await readOutbox())).toEqual(['good']);
    expect(copyIds().sort()).toEqual(['broken', 'null', 'other', 'shape']);
    expect(local.getItem('habitquest.theme')).toBe('dark');
  });

  it('without localStorage, or with it full, the outbox works as before', async () => {
    local.isFull = true;
    await addToOutbox(entry('k1', 'h1', '2026-11-24'), NOW);
    local.isFull = false;
    local.isUnavailable = true;
    await addToOutbox(entry('k2', 'h2', '2026-11-24', true, NOW + 1), NOW + 1);
    await loadOutbox(NOW + 1);
    await settle({ kind: 'synced', id: 'k1', body: {} });
    expect(ids(await readOutbox())).toEqual(['k2']);
    await clearOutbox();
    local.isUnavailable = false;
    expect(local.items.size).toBe(0);
  });

  it('goes at sign-out with the queue', async () => {
    writeCopy(entry('k1', 'h1', '2026-11-24'));
    local.setItem('habitquest.theme', 'dark');
    await clearOutbox();
    expect(copyIds()).toEqual([]);
    expect(local.getItem('habitquest.theme')).toBe('dark');
    await loadOutbox(NOW);
    expect(await readOutbox()).toEqual([]);
  });
});

describe('whose changes: each entry is its account’s', () => {
  it('shows and sends only the signed-in user’s entries; another account’s wait for its own sign-in', async () => {
    await addToOutbox(withoutOwner(entry('a1', 'ha', '2026-11-24')), NOW);
    expect(outboxEntries().map((e) => e.owner)).toEqual(['user-a']);
    // A's session ended; B signs in on the same device and makes a change of their own.
    setOutboxOwner('user-b', true);
    expect(outboxEntries()).toEqual([]);
    expect(await readOutboxToSend()).toEqual([]);
    await addToOutbox(entry('b1', 'hb', '2026-11-24', true, NOW + 1), NOW + 1);
    expect(ids(await readOutboxToSend())).toEqual(['b1']);
    expect(outboxEntries().map((e) => e.owner)).toEqual(['user-b']);
    // A signs in again: their change is there to send, B's is not.
    setOutboxOwner('user-a', true);
    expect(ids(await readOutboxToSend())).toEqual(['a1']);
    expect(ids(outboxEntries())).toEqual(['a1']);
  });

  it('sends nothing until the server has named the user, while showing what waits', async () => {
    await addToOutbox(entry('a1', 'ha', '2026-11-24'), NOW);
    // The saved session names user-a at start; the server has not answered yet.
    setOutboxOwner('user-a', false);
    expect(ids(outboxEntries())).toEqual(['a1']);
    expect(await readOutboxToSend()).toEqual([]);
    setOutboxOwner('user-a', true);
    expect(ids(await readOutboxToSend())).toEqual(['a1']);
    // Signed out: nothing is shown or sent.
    setOutboxOwner(null, true);
    expect(outboxEntries()).toEqual([]);
    expect(await readOutboxToSend()).toEqual([]);
  });

  it('gives an entry stored before owners were recorded to the first user who writes the queue', async () => {
    // The previous release's entry: no owner, left as a write-ahead copy.
    expect(writeCopy(withoutOwner(entry('old', 'h1', '2026-11-24')))).toBe(true);
    await loadOutbox(NOW);
    expect(outboxEntries().map((e) => [e.id, e.owner])).toEqual([['old', 'user-a']]);
    setOutboxOwner('user-b', true);
    expect(await readOutboxToSend()).toEqual([]);
  });

  it('counts the bound of 100 per account: another account’s waiting changes take none of it', async () => {
    setOutboxOwner('user-b', true);
    for (let n = 0; n < MAX_QUEUE_LENGTH; n += 1)
      await addToOutbox(entry(`b${String(n)}`, `hb${String(n)}`, '2026-11-24', true, NOW + n), NOW);
    await expect(addToOutbox(entry('b-extra', 'hbx', '2026-11-24'), NOW)).rejects.toBeInstanceOf(
      OutboxFullError,
    );
    // B's session ended with 100 changes waiting; A signs in on the same device.
    setOutboxOwner('user-a', true);
    for (let n = 0; n < MAX_QUEUE_LENGTH; n += 1)
      await addToOutbox(entry(`a${String(n)}`, `ha${String(n)}`, '2026-11-25', true, NOW + n), NOW);
    expect(ids(await readOutboxToSend())).toHaveLength(MAX_QUEUE_LENGTH);
    await expect(addToOutbox(entry('a-extra', 'hax', '2026-11-25'), NOW)).rejects.toBeInstanceOf(
      OutboxFullError,
    );
    // Each account's changes are kept whole, in the order they were made.
    setOutboxOwner('user-b', true);
    expect(ids(await readOutboxToSend())).toEqual(
      Array.from({ length: MAX_QUEUE_LENGTH }, (_, n) => `b${String(n)}`),
    );
  });

  it('tells a user only of their own changes dropped after 7 days', async () => {
    setOutboxOwner('user-b', true);
    await addToOutbox(entry('b-old', 'hb', '2026-11-10', true, NOW - 8 * DAY), NOW - 8 * DAY);
    setOutboxOwner('user-a', true);
    await addToOutbox(entry('a-old', 'ha', '2026-11-10', true, NOW - 8 * DAY), NOW - 8 * DAY);
    await addToOutbox(entry('a-old2', 'ha2', '2026-11-11', true, NOW - 8 * DAY), NOW - 8 * DAY);
    const told = vi.fn<(notice: string) => void>();
    const off = onDropped(told);
    try {
      await loadOutbox(NOW);
    } finally {
      off();
    }
    expect(told).toHaveBeenCalledTimes(1);
    expect(told.mock.calls[0]?.[0]).toMatch(/\b2\b/);
    setOutboxOwner('user-b', true);
    expect(await readOutbox()).toEqual([]);
  });
});
