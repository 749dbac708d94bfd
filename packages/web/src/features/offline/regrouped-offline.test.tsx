// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import 'fake-indexeddb/auto';
import type { CompletionEntry } from '@habitquest/contracts/completion-columns';
import type { Habit } from '@habitquest/contracts/habits';
import type { Me } from '@habitquest/contracts/me';
import { meFixture } from '../../../test/me-fixture';
import { DEFAULT_SETTINGS } from '@habitquest/contracts/settings';
import { periodKey } from '@habitquest/core/periods';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { habitFixture } from '../../../test/habit-fixture';
import { clearOutbox, outboxEntries, setOutboxOwner } from '../../lib/outbox';
import { reportReachable } from '../../lib/reachability';
import { endOfflineTest } from '../../../test/offline-teardown';
import { useSetCompletion } from '../habits/completion-mutations';
import { useUpdateHabit } from '../habits/mutations';
import { habitKeys } from '../habits/queries';
import { meQuery } from '../me/queries';
import { useUpdateSettings } from '../settings/mutations';

// Monday 23 and Tuesday 24 November 2026; weeks start on Monday.
const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';
const WEEK = periodKey(MONDAY, 'weekly', 1);

const me: Me = meFixture({
  plan: { isPro: false, limits: null, counts: { habits: 1, categories: 0, rewards: 0 } },
  progress: {
    level: 1,
    xp: 80,
    points: 40,
    streak: 0,
    xpIntoLevel: 80,
    xpForNextLevel: 100,
    percent: 80,
  },
  settings: { ...DEFAULT_SETTINGS, weekStart: 1 },
});

/** A daily completion of h1 worth 40 XP and 20 points. */
function done(date: string): CompletionEntry {
  return {
    habitId: 'h1',
    completionDate: date,
    periodKey: date,
    xpEarned: 40,
    pointsEarned: 20,
    completedAt: `${date}T08:00:00.000Z`,
  };
}

const YEAR = habitKeys.completions('2025-12-26', '2027-01-06');
const MONTH = habitKeys.completions('2026-11-01', '2026-11-30');

let client: QueryClient;

function hooks() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => ({ update: useUpdateHabit(), toggle: useSetCompletion(), settings: useUpdateSettings() }),
    { wrapper },
  ).result;
}

beforeEach(async () => {
  setOutboxOwner('user-1', true);
  await clearOutbox();
  // Offline: every change waits in the outbox.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
  reportReachable(false);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(meQuery.queryKey, me);
  client.setQueryData(habitKeys.all, [habitFixture({ id: 'h1', xpOnComplete: 40 })]);
  client.setQueryData(YEAR, [done(MONDAY), done(TUESDAY)]);
  client.setQueryData(MONTH, [done(MONDAY), done(TUESDAY)]);
});
afterEach(endOfflineTest);

describe('a frequency changed offline', () => {
  it('regroups every cached window of completions at once, and stores how in its entry', async () => {
    const result = hooks();
    const sent = await result.current.update.mutateAsync({
      id: 'h1',
      patch: { frequency: 'weekly', xpOnComplete: 10 },
    });
    expect(sent).toEqual({ kind: 'queued' });
    const merged = { ...done(MONDAY), periodKey: WEEK, xpEarned: 80, pointsEarned: 40 };
    expect(client.getQueryData(YEAR)).toEqual([merged]);
    expect(client.getQueryData(MONTH)).toEqual([merged]);
    expect(outboxEntries().map((entry) => entry.payload)).toEqual([
      {
        changes: [
          {
            list: 'habits',
            op: 'merge',
            id: 'h1',
            fields: { frequency: 'weekly', xpOnComplete: 10 },
          },
        ],
        completions: [
          { op: 'regroup', habits: [{ habitId: 'h1', frequency: 'weekly' }], weekStart: 1 },
        ],
      },
    ]);
  });

  it('stores no regrouping for an edit that keeps the frequency', async () => {
    const result = hooks();
    await result.current.update.mutateAsync({ id: 'h1', patch: { title: 'Run' } });
    expect(client.getQueryData(YEAR)).toEqual([done(MONDAY), done(TUESDAY)]);
    expect(outboxEntries()[0]?.payload).not.toHaveProperty('completions');
  });

  it("an undo afterwards takes back the merged completion's XP and points, not the habit's", async () => {
    const result = hooks();
    await result.current.update.mutateAsync({
      id: 'h1',
      patch: { frequency: 'weekly', xpOnComplete: 10 },
    });
    const habit = client.getQueryData<Habit[]>(habitKeys.all)?.[0];
    if (!habit) throw new Error('no habit');
    await result.current.toggle.mutateAsync({
      id: 'undo-1',
      habit,
      date: TUESDAY,
      completed: false,
      weekStart: 1,
    });
    expect(client.getQueryData(YEAR)).toEqual([]);
    expect(client.getQueryData<Me>(meQuery.queryKey)?.progress).toMatchObject({ xp: 0, points: 0 });
  });
});

describe('a week start changed offline', () => {
  it("regroups the weekly habits' cached completions into the new weeks at once", async () => {
    // Weekly, weeks from Monday: Sunday 22 ends one week, Monday 23 starts the next.
    client.setQueryData(habitKeys.all, [habitFixture({ id: 'h1', frequency: 'weekly' })]);
    const sunday = { ...done('2026-11-22'), periodKey: periodKey('2026-11-22', 'weekly', 1) };
    client.setQueryData(YEAR, [sunday, { ...done(MONDAY), periodKey: WEEK }]);
    const result = hooks();
    await result.current.settings.mutateAsync({ weekStart: 0 });
    // From Sunday, both days share one week: Sunday keeps what both gave.
    expect(client.getQueryData(YEAR)).toEqual([
      {
        ...sunday,
        periodKey: periodKey('2026-11-22', 'weekly', 0),
        xpEarned: 80,
        pointsEarned: 40,
      },
    ]);
    expect(outboxEntries().map((entry) => entry.payload)).toEqual([{ weekStart: 0 }]);
  });
});
