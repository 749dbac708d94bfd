// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs for why not jsdom).
import '../../../test-dom.mjs';
import 'fake-indexeddb/auto';
import { setCompletionEntry, SYNCED_BADGE_MS } from '@habitquest/core/offline-queue';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../../test/memory-storage';
import { addToOutbox, loadOutbox, setOutboxOwner, settle } from '../../lib/outbox';
import { reportReachable } from '../../lib/reachability';
import { watchSyncStatus } from '../../lib/sync-status';
import { OfflineBadge } from './OfflineBadge';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

it("shows 'Synced!' for 5 s from its first drawing when a closed tab's change went before it, and only once", async () => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  reportReachable(true);
  setOutboxOwner('user-a', true);
  const stop = watchSyncStatus();
  // A change the closed tab left, a minute old, found and sent as the app starts: no badge yet.
  await addToOutbox({
    ...setCompletionEntry(
      'left-behind',
      { habitId: 'h1', date: '2026-11-29', completed: true },
      Date.now() - 60_000,
    ),
    method: 'PUT',
    path: '/api/habits/h1/completions/2026-11-29',
    body: { completed: true },
  });
  await loadOutbox();
  await settle({ kind: 'synced', id: 'left-behind', body: null });

  // The dashboard is drawn a while later (its code and data were still loading).
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: Date.now() + 3_000 });
  const first = render(<OfflineBadge />);
  const status = screen.getByRole('status', { name: 'Sync status' });
  expect(status.textContent).toBe('Synced!');
  act(() => {
    vi.advanceTimersByTime(SYNCED_BADGE_MS - 100);
  });
  expect(status.textContent).toBe('Synced!');
  act(() => {
    vi.advanceTimersByTime(100);
  });
  expect(status.textContent).toBe('');

  // The dashboard drawn again later in the same page does not repeat it.
  first.unmount();
  render(<OfflineBadge />);
  expect(screen.getByRole('status', { name: 'Sync status' }).textContent).toBe('');
  stop();
});
