import 'fake-indexeddb/auto';
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
import { isSyncing, replayOutbox, subscribeSyncing } from './replay';

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
