import 'fake-indexeddb/auto';
import { setCompletionEntry } from '@habitquest/core/offline-queue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../test/memory-storage';
import {
  addToOutbox,
  clearOutbox,
  countRetry,
  loadOutbox,
  setOutboxOwner,
  settle,
  type OutboxEntry,
} from './outbox';
import { reportReachable } from './reachability';
import { nextStatus, syncStatus, watchSyncStatus } from './sync-status';

/** A change made `ago` ms before now: before this test file's page began when large enough. */
function entry(id: string, ago = 0): OutboxEntry {
  return {
    ...setCompletionEntry(
      id,
      { habitId: 'h1', date: '2026-11-29', completed: true },
      Date.now() - ago,
    ),
    method: 'PUT',
    path: '/api/habits/h1/completions/2026-11-29',
    body: { completed: true },
    owner: 'user-a',
  };
}

const EARLIER_PAGE = 60_000;
let stop: () => void = () => undefined;

beforeEach(async () => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  reportReachable(true);
  setOutboxOwner('user-a', true);
  await clearOutbox();
  stop = watchSyncStatus();
  // Each test starts from a quiet page: nothing waited, nothing synced.
  expect(syncStatus()).toEqual({ hadWaitingChanges: false, syncedAt: null });
});

afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

async function sync(id: string): Promise<void> {
  await settle({ kind: 'synced', id, body: null });
}

describe('the sync status, followed from the start whether or not a badge is drawn', () => {
  it("a closed tab's change sent as the app starts is 'synced', though no badge saw it queued", async () => {
    // What the closed tab left, as the next page finds it in IndexedDB.
    await addToOutbox(entry('left-behind', EARLIER_PAGE));
    stop();
    await loadOutbox();
    stop = watchSyncStatus();
    expect(syncStatus().hadWaitingChanges).toBe(true);
    const before = Date.now();
    await sync('left-behind');
    expect(syncStatus().hadWaitingChanges).toBe(false);
    expect(syncStatus().syncedAt).toBeGreaterThanOrEqual(before);
  });

  it('a change made and sent at once, online, is nothing to tell', async () => {
    await addToOutbox(entry('ordinary'));
    expect(syncStatus().hadWaitingChanges).toBe(false);
    await sync('ordinary');
    expect(syncStatus()).toEqual({ hadWaitingChanges: false, syncedAt: null });
  });

  it('changes made out of reach are synced once the last one goes, not before', async () => {
    reportReachable(false);
    await addToOutbox(entry('first'));
    await addToOutbox({
      ...entry('second'),
      payload: { habitId: 'h2', date: '2026-11-29', completed: true },
    });
    expect(syncStatus().hadWaitingChanges).toBe(true);
    reportReachable(true);
    await sync('first');
    expect(syncStatus()).toEqual({ hadWaitingChanges: true, syncedAt: null });
    await sync('second');
    expect(syncStatus().syncedAt).not.toBeNull();
  });

  it('a change that failed once counts as waiting, though the server was reachable', async () => {
    await addToOutbox(entry('flaky'));
    await countRetry('flaky');
    expect(syncStatus().hadWaitingChanges).toBe(true);
    await sync('flaky');
    expect(syncStatus().syncedAt).not.toBeNull();
  });

  it("going out of reach and back with nothing queued is 'synced' once back", () => {
    reportReachable(false);
    expect(syncStatus()).toEqual({ hadWaitingChanges: true, syncedAt: null });
    const before = Date.now();
    reportReachable(true);
    expect(syncStatus().hadWaitingChanges).toBe(false);
    expect(syncStatus().syncedAt).toBeGreaterThanOrEqual(before);
  });

  it('changes still queued when the server is back are synced only when they have gone', async () => {
    reportReachable(false);
    await addToOutbox(entry('queued'));
    reportReachable(true);
    expect(syncStatus()).toEqual({ hadWaitingChanges: true, syncedAt: null });
    await sync('queued');
    expect(syncStatus().syncedAt).not.toBeNull();
  });
});

describe('nextStatus', () => {
  const quiet = { hadWaitingChanges: false, syncedAt: null };

  it('keeps the same object when nothing changes, so a store read does not redraw', () => {
    expect(nextStatus(quiet, [], true, 1)).toBe(quiet);
    expect(nextStatus(quiet, [entry('new')], true, 1)).toBe(quiet);
    const waiting = { hadWaitingChanges: true, syncedAt: null };
    expect(nextStatus(waiting, [entry('old', EARLIER_PAGE)], true, 1)).toBe(waiting);
  });

  it('keeps the last sync time while new changes wait', () => {
    const synced = { hadWaitingChanges: false, syncedAt: 5 };
    expect(nextStatus(synced, [entry('new')], false, 9)).toEqual({
      hadWaitingChanges: true,
      syncedAt: 5,
    });
  });
});
