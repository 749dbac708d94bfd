import 'fake-indexeddb/auto';
import { routes } from '@habitquest/contracts/routes';
import { setCompletionEntry } from '@habitquest/core/offline-queue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../test/memory-storage';
import {
  addToOutbox,
  clearOutbox,
  outboxEntries,
  setOutboxOwner,
  type OutboxEntry,
} from './outbox';
import { reportReachable } from './reachability';
import { isSyncing, replayOutbox, replayWhenReachable, subscribeSyncing } from './replay';

const ENTRY: OutboxEntry = {
  ...setCompletionEntry(
    'change-1',
    { habitId: 'h1', date: '2026-11-30', completed: true },
    Date.now(),
  ),
  method: 'PUT',
  path: '/api/habits/h1/completions/2026-11-30',
  body: { completed: true },
  owner: 'user-a',
};

beforeEach(async () => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  reportReachable(true);
  setOutboxOwner('user-a', true);
  await clearOutbox();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('replayOutbox', () => {
  it('runs again when asked during a run: a session confirmed after it read the queue is not left waiting', async () => {
    // A page just loaded: the queue holds the user's change, the server has not named them yet.
    await addToOutbox(ENTRY);
    setOutboxOwner('user-a', false);
    const sent: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string) => {
        sent.push(path);
        return Promise.resolve(Response.json({ added: true }));
      }),
    );
    // The server names the user just as the page's first replay (which found nothing it could
    // send) ends: the replay that confirmation asks for must not be swallowed by that one.
    let isConfirmed = false;
    const off = subscribeSyncing(() => {
      if (isSyncing() || isConfirmed) return;
      isConfirmed = true;
      setOutboxOwner('user-a', true);
      void replayOutbox();
    });
    try {
      await replayOutbox();
    } finally {
      off();
    }
    expect(sent).toEqual([ENTRY.path]);
    expect(outboxEntries()).toEqual([]);
  });
});

/**
 * Moves the faked clock by `ms` in small steps, letting the outbox's IndexedDB (fake-indexeddb,
 * which schedules with the real setImmediate) finish its work between them.
 */
async function elapse(ms: number): Promise<void> {
  for (let at = 0; at < ms; at += 50) {
    await vi.advanceTimersByTimeAsync(50);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('replayWhenReachable', () => {
  it('a change a proxy answers 502 for waits for its backoff, though /api/health answers meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await addToOutbox(ENTRY);
    const sent: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string) => {
        if (path === routes.health.path) return Promise.resolve(Response.json({ status: 'ok' }));
        sent.push(Date.now());
        return Promise.resolve(new Response('Bad Gateway', { status: 502 }));
      }),
    );
    const start = Date.now();
    const stop = replayWhenReachable();
    try {
      await elapse(60_000);
    } finally {
      stop();
      vi.useRealTimers();
    }
    const gaps = sent.slice(1).map((at, index) => at - (sent[index] ?? start));
    // Backoff: 1 s, 2 s, 4 s… (each send waits for its turn and the next probe that answers),
    // never every probe: 6 sends in a minute, not 30.
    expect(sent.length).toBeGreaterThanOrEqual(4);
    expect(sent.length).toBeLessThanOrEqual(7);
    expect(gaps.every((gap, index) => gap >= 1_000 * 2 ** index)).toBe(true);
    expect(outboxEntries().map((entry) => entry.id)).toEqual([ENTRY.id]);
  });

  it('a change that could not connect goes as soon as the server is reachable again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await addToOutbox(ENTRY);
    let isUp = false;
    const sent: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string) => {
        if (!isUp) return Promise.reject(new TypeError('Failed to fetch'));
        if (path === routes.health.path) return Promise.resolve(Response.json({ status: 'ok' }));
        sent.push(Date.now());
        return Promise.resolve(Response.json({ added: true }));
      }),
    );
    const stop = replayWhenReachable();
    try {
      // Down for 40 s: the entry's backoff reaches 1 s only (nothing is sent while unreachable).
      await elapse(40_000);
      expect(sent).toEqual([]);
      isUp = true;
      const back = Date.now();
      // The next probe (30 s at most) finds it, and the entry goes at once.
      for (let second = 0; second < 31 && sent.length === 0; second += 1) await elapse(1_000);
      expect(sent).toHaveLength(1);
      expect((sent[0] ?? 0) - back).toBeLessThanOrEqual(31_000);
    } finally {
      stop();
      vi.useRealTimers();
    }
    await vi.waitFor(() => {
      expect(outboxEntries()).toEqual([]);
    });
  });
});
