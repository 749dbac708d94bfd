// persistCache schedules its saves on `window`: a DOM first (see test-dom.mjs).
import '../../test-dom.mjs';
import 'fake-indexeddb/auto';
import { sortCompletions, type CompletionEntry } from '@habitquest/contracts/completion-columns';
import { QueryClient } from '@tanstack/react-query';
import { createStore, get, set } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeRemembered, persistCache, restoreCache } from './persist-cache';

const store = createStore('habitquest-cache', 'queries');
const HABIT_A = '0b6f4d2e-1c3a-4e5f-8a9b-0c1d2e3f4a5b';
const HABIT_B = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';

function entry(habitId: string, date: string, time = '08:15:30.250'): CompletionEntry {
  return {
    habitId,
    completionDate: date,
    periodKey: date,
    xpEarned: 10,
    pointsEarned: 5,
    completedAt: `${date}T${time}Z`,
  };
}

/** A window as the server sends it, then a toggle appended at the end (features/habits/mutations.ts). */
const WINDOW = ['completions', '2025-12-29', '2027-01-03'] as const;
const COMPLETIONS = [
  entry(HABIT_A, '2026-01-01'),
  entry(HABIT_B, '2026-01-01', '23:59:59.999'),
  entry(HABIT_A, '2026-11-27'),
  entry(HABIT_B, '2026-11-28', '00:00:00.000'),
];

type Saved = { shape: number; savedAt: number; state: { queries: SavedQuery[] } };
type SavedQuery = { queryKey: unknown[]; state: { data: unknown } };

function clientWithData(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(WINDOW, COMPLETIONS);
  client.setQueryData(['habits'], [{ id: HABIT_A, title: 'Read' }]);
  // A signed-out answer is never kept.
  client.setQueryData(['session'], null);
  return client;
}

async function savedValue(): Promise<Saved | undefined> {
  return await get<Saved>('queries', store);
}

/** Waits for a save (at most once a second after a change) and answers what it stored. */
async function nextSave(): Promise<Saved | undefined> {
  await vi.waitFor(
    async () => {
      expect(await savedValue()).toBeDefined();
    },
    { timeout: 3_000 },
  );
  return await savedValue();
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await set('queries', undefined, store);
});

describe('persistCache and restoreCache', () => {
  it('save a window of completions in its compact columns and give back the same completions', async () => {
    const client = new QueryClient();
    const stop = persistCache(client);
    client.setQueryData(WINDOW, COMPLETIONS);
    client.setQueryData(['habits'], [{ id: HABIT_A, title: 'Read' }]);
    client.setQueryData(['session'], null);
    await nextSave();
    stop();

    const saved = await savedValue();
    const byRoot = new Map(saved?.state.queries.map((query) => [query.queryKey[0], query]));
    // Columns of numbers and keys, not one object per completion.
    expect(byRoot.get('completions')?.state.data).toEqual({
      compactColumns: expect.objectContaining({ from: '2025-12-29' }) as unknown,
    });
    expect(byRoot.get('habits')?.state.data).toEqual([{ id: HABIT_A, title: 'Read' }]);
    expect(byRoot.has('session')).toBe(false);

    const restored = new QueryClient();
    await restoreCache(restored);
    expect(restored.getQueryData(WINDOW)).toEqual(sortCompletions(COMPLETIONS));
    expect(restored.getQueryData(['habits'])).toEqual([{ id: HABIT_A, title: 'Read' }]);
    // Shown at once, asked again when used.
    expect(restored.getQueryState(WINDOW)?.isInvalidated).toBe(true);
  });

  it('keep an optimistic completion appended out of order, and one outside the window', async () => {
    const client = clientWithData();
    const toggled = [...COMPLETIONS, entry(HABIT_A, '2026-01-01', '07:00:00.000')];
    // A toggle patches every cached window, also one whose dates do not include it.
    const before = [...toggled, entry(HABIT_B, '2025-12-20')];
    client.setQueryData(WINDOW, before);
    const stop = persistCache(client);
    client.setQueryData(['habits'], []);
    await nextSave();
    stop();

    const restored = new QueryClient();
    await restoreCache(restored);
    expect(restored.getQueryData(WINDOW)).toEqual(sortCompletions(before));
  });

  it('save a window as it came from the server without encoding it again, until it changes', async () => {
    // As the server may send them: habit B's column first, though A's completion is older.
    const columns = {
      from: '2025-12-29',
      habits: [
        {
          habitId: HABIT_B,
          day: [30],
          at: [1_000],
          periodKey: ['2026-01-28'],
          xp: [10],
          points: [5],
        },
        {
          habitId: HABIT_A,
          day: [3],
          at: [2_000],
          periodKey: ['2026-01-01'],
          xp: [10],
          points: [5],
        },
      ],
    };
    const client = new QueryClient();
    const stop = persistCache(client);
    client.setQueryData(WINDOW, decodeRemembered(columns));
    await nextSave();
    const saved = await savedValue();
    expect(saved?.state.queries[0]?.state.data).toEqual({ compactColumns: columns });

    // A changed list is encoded from what it holds.
    await set('queries', undefined, store);
    client.setQueryData(WINDOW, (list: CompletionEntry[] = []) => list.slice(1));
    await nextSave();
    stop();
    const restored = new QueryClient();
    await restoreCache(restored);
    expect(restored.getQueryData(WINDOW)).toEqual(decodeRemembered(columns).slice(1));
  });

  it('save when the page is idle, not in the middle of other work', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn((callback: () => void) => idle.push(callback)),
    );
    const client = new QueryClient();
    const stop = persistCache(client);
    client.setQueryData(['habits'], [{ id: HABIT_A, title: 'Read' }]);
    await vi.waitFor(
      () => {
        expect(idle).toHaveLength(1);
      },
      { timeout: 3_000 },
    );
    // More changes while the save waits join it: one save, of the latest state.
    client.setQueryData(['habits'], [{ id: HABIT_B, title: 'Write' }]);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(idle).toHaveLength(1);
    expect(await savedValue()).toBeUndefined();

    idle[0]?.();
    await vi.waitFor(async () => {
      expect(await savedValue()).toBeDefined();
    });
    stop();
    const restored = new QueryClient();
    await restoreCache(restored);
    expect(restored.getQueryData(['habits'])).toEqual([{ id: HABIT_B, title: 'Write' }]);
  });

  it('save at once when the page is left (a reload, a closed tab) with a save still to come', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn((callback: () => void) => idle.push(callback)),
    );
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const client = new QueryClient();
    const stop = persistCache(client);
    // Nothing due: leaving saves nothing.
    window.dispatchEvent(new Event('pagehide'));
    expect(await savedValue()).toBeUndefined();

    client.setQueryData(['habits'], [{ id: HABIT_A, title: 'Read' }]);
    // Left before the second's wait is over (the idle moment never came).
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(async () => {
      expect(await savedValue()).toBeDefined();
    });
    const restored = new QueryClient();
    await restoreCache(restored);
    expect(restored.getQueryData(['habits'])).toEqual([{ id: HABIT_A, title: 'Read' }]);
    // The save it replaced does not come as well.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(idle).toHaveLength(0);

    // Hidden (another app in front of the browser) while a save waits for an idle moment.
    client.setQueryData(['habits'], [{ id: HABIT_B, title: 'Write' }]);
    await vi.waitFor(
      () => {
        expect(idle).toHaveLength(1);
      },
      { timeout: 3_000 },
    );
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
    } finally {
      Reflect.deleteProperty(document, 'visibilityState');
    }
    await vi.waitFor(async () => {
      const again = new QueryClient();
      await restoreCache(again);
      expect(again.getQueryData(['habits'])).toEqual([{ id: HABIT_B, title: 'Write' }]);
    });
    stop();
  });

  it('save the answers taken in before it began (the early reads), with no later change', async () => {
    const client = new QueryClient();
    client.setQueryData(['habits'], [{ id: HABIT_A, title: 'Read' }]);
    const stop = persistCache(client);
    const saved = await nextSave();
    stop();
    expect(saved?.state.queries.map((query) => query.queryKey)).toEqual([['habits']]);
  });

  it('save nothing for a cache restored and not read again, nor an empty one over a saved one', async () => {
    const first = clientWithData();
    const stopFirst = persistCache(first);
    await nextSave();
    stopFirst();
    const before = await savedValue();

    // The next page, begun now, restores it (its answers keep the time they were fetched) and
    // reads nothing.
    vi.spyOn(performance, 'timeOrigin', 'get').mockReturnValue(Date.now());
    const restored = new QueryClient();
    await restoreCache(restored);
    const stopRestored = persistCache(restored);
    // An empty page (offline, nothing usable restored) has nothing worth saving either.
    const empty = new QueryClient();
    const stopEmpty = persistCache(empty);
    empty.setQueryData(['session'], null);
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    stopRestored();
    stopEmpty();
    vi.restoreAllMocks();
    expect(await savedValue()).toEqual(before);
  });

  it('drop a cache saved in an older shape or more than 7 days ago', async () => {
    const client = clientWithData();
    const stop = persistCache(client);
    client.setQueryData(['habits'], [{ id: HABIT_A, title: 'Read' }]);
    await nextSave();
    stop();
    const saved = await savedValue();
    if (!saved) throw new Error('nothing saved');

    // Shape 1 kept each completion as an object: not misread as columns.
    await set('queries', { ...saved, shape: 1 }, store);
    const fromOldShape = new QueryClient();
    await restoreCache(fromOldShape);
    expect(fromOldShape.getQueryData(['habits'])).toBeUndefined();

    await set('queries', saved, store);
    const tooOld = new QueryClient();
    await restoreCache(tooOld, saved.savedAt + 7 * 86_400_000 + 1);
    expect(tooOld.getQueryData(['habits'])).toBeUndefined();
  });
});
