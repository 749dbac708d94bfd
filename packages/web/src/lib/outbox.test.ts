import 'fake-indexeddb/auto';
import {
  MAX_QUEUE_LENGTH,
  QUOTA_TRIM_LENGTH,
  setCompletionEntry,
} from '@habitquest/core/offline-queue';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addToOutbox,
  clearOutbox,
  countRetry,
  loadOutbox,
  onDropped,
  onSettled,
  OutboxFullError,
  outboxEntries,
  readOutbox,
  settle,
  type OutboxEntry,
} from './outbox';

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
  };
}

beforeEach(async () => {
  await clearOutbox();
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
