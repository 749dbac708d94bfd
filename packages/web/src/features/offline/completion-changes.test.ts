import 'fake-indexeddb/auto';
import type { CompletionEntry } from '@habitquest/contracts/completion-columns';
import type { Me } from '@habitquest/contracts/me';
import { DEFAULT_SETTINGS } from '@habitquest/contracts/settings';
import { setCompletionEntry } from '@habitquest/core/offline-queue';
import { periodKey, type Frequency, type WeekStart } from '@habitquest/core/periods';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { habitFixture } from '../../../test/habit-fixture';
import { addToOutbox, clearOutbox, setOutboxOwner, type OutboxEntry } from '../../lib/outbox';
import { settingsEntry } from '../settings/settings-entry';
import {
  applyCompletionsChange,
  completionsChangesOf,
  type CompletionsChange,
} from './completion-changes';
import { keepPendingShown } from './keep-pending';

/** A completion as a window holds it: 10 XP and 5 points, keyed for `frequency`. */
function done(
  habitId: string,
  date: string,
  frequency: Frequency = 'daily',
  weekStart: WeekStart = 1,
): CompletionEntry {
  return {
    habitId,
    completionDate: date,
    periodKey: periodKey(date, frequency, weekStart),
    xpEarned: 10,
    pointsEarned: 5,
    completedAt: `${date}T08:00:00.000Z`,
  };
}

function regroup(habitId: string, frequency: Frequency, weekStart: WeekStart): CompletionsChange {
  return { op: 'regroup', habits: [{ habitId, frequency }], weekStart };
}

/** A habit edit as useQueuedMutation stores it. */
function habitEdit(id: string, payload: unknown): OutboxEntry {
  return {
    id,
    type: 'habit-update',
    payload,
    timestamp: Date.now(),
    retries: 0,
    method: 'PATCH',
    path: '/api/habits/h1',
    body: { frequency: 'weekly' },
  };
}

// Sunday 22, Monday 23 and Tuesday 24 November 2026.
const SUNDAY = '2026-11-22';
const MONDAY = '2026-11-23';
const TUESDAY = '2026-11-24';

describe('applyCompletionsChange', () => {
  const window = [done('h1', SUNDAY), done('h1', MONDAY), done('h2', MONDAY), done('h1', TUESDAY)];

  it('re-keys a habit made weekly into its weeks, merging each week into its earliest day', () => {
    const next = applyCompletionsChange(window, regroup('h1', 'weekly', 1));
    expect(next).toEqual([
      { ...done('h1', SUNDAY), periodKey: periodKey(SUNDAY, 'weekly', 1) },
      // Monday and Tuesday share a week starting on Monday: Monday keeps what both gave.
      { ...done('h1', MONDAY), periodKey: '2026-W48', xpEarned: 20, pointsEarned: 10 },
      // Another habit's completions are left alone.
      done('h2', MONDAY),
    ]);
  });

  it("keys the weeks by the change's week start: from Sunday, all three share one", () => {
    const next = applyCompletionsChange(window, regroup('h1', 'weekly', 0));
    expect(next.filter((c) => c.habitId === 'h1')).toEqual([
      {
        ...done('h1', SUNDAY),
        periodKey: periodKey(SUNDAY, 'weekly', 0),
        xpEarned: 30,
        pointsEarned: 15,
      },
    ]);
  });

  it('gives back the same list when nothing moves (made again, or a habit it does not hold)', () => {
    const once = applyCompletionsChange(window, regroup('h1', 'weekly', 1));
    expect(applyCompletionsChange(once, regroup('h1', 'weekly', 1))).toBe(once);
    expect(applyCompletionsChange(window, regroup('h9', 'monthly', 1))).toBe(window);
    expect(applyCompletionsChange(window, regroup('h1', 'daily', 1))).toBe(window);
  });
});

describe('completionsChangesOf: what a stored entry says, read back', () => {
  const habits = [
    habitFixture({ id: 'h1', frequency: 'weekly' }),
    habitFixture({ id: 'h2', frequency: 'daily' }),
    habitFixture({ id: 'h3', frequency: 'weekly' }),
  ];

  it("keeps a habit edit's regroupings and drops what does not read as one", () => {
    const good = regroup('h1', 'weekly', 1);
    const stored = habitEdit('e1', {
      changes: [],
      completions: [
        good,
        null,
        'regroup',
        { ...good, op: 'merge' },
        { ...good, weekStart: 7 },
        { ...good, weekStart: '1' },
        { ...good, habits: 'h1' },
        { ...good, habits: [{ habitId: 'h1', frequency: 'hourly' }] },
        { ...good, habits: [{ habitId: 1, frequency: 'weekly' }] },
        { op: 'regroup', weekStart: 1 },
      ],
    });
    expect(completionsChangesOf(stored, habits)).toEqual([good]);
  });

  it('finds none in an edit from before they were stored, a bad payload or a completion', () => {
    expect(completionsChangesOf(habitEdit('e1', { changes: [] }), habits)).toEqual([]);
    expect(completionsChangesOf(habitEdit('e2', { completions: 'all' }), habits)).toEqual([]);
    expect(completionsChangesOf(habitEdit('e3', null), habits)).toEqual([]);
    const completion = setCompletionEntry(
      'c1',
      { habitId: 'h1', date: MONDAY, completed: true },
      0,
    );
    expect(completionsChangesOf(completion, habits)).toEqual([]);
  });

  it("regroups the weekly habits by a settings change's week start, and nothing for other settings", () => {
    expect(completionsChangesOf(settingsEntry('s1', { weekStart: 0 }), habits)).toEqual([
      {
        op: 'regroup',
        habits: [
          { habitId: 'h1', frequency: 'weekly' },
          { habitId: 'h3', frequency: 'weekly' },
        ],
        weekStart: 0,
      },
    ]);
    expect(completionsChangesOf(settingsEntry('s2', { theme: 'dark' }), habits)).toEqual([]);
    const stored = { ...settingsEntry('s3', {}), payload: { weekStart: 9 } };
    expect(completionsChangesOf(stored, habits)).toEqual([]);
    const daily = habits.filter((habit) => habit.frequency === 'daily');
    expect(completionsChangesOf(settingsEntry('s4', { weekStart: 0 }), daily)).toEqual([]);
  });
});

describe('a window fetched while the change waits (keep-pending.ts)', () => {
  const me = {
    user: { id: 'user-1', email: 'a@example.com', username: 'a' },
    settings: { ...DEFAULT_SETTINGS, weekStart: 1 },
  } as Me;
  const fromServer = [done('h1', SUNDAY), done('h1', MONDAY), done('h1', TUESDAY)];
  let client: QueryClient;
  let stop: () => void;

  beforeEach(async () => {
    setOutboxOwner('user-1', true);
    await clearOutbox();
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['me'], me);
    // The habits list as the queued edit shows it: h1 is weekly now.
    client.setQueryData(['habits'], [habitFixture({ id: 'h1', frequency: 'weekly' })]);
    stop = keepPendingShown(client);
  });
  afterEach(async () => {
    stop();
    await clearOutbox();
  });

  /** Fetches a window the server answers with `answer`, and what the cache shows then. */
  async function fetched(
    from: string,
    to: string,
    answer = fromServer,
  ): Promise<CompletionEntry[] | undefined> {
    const queryKey = ['completions', from, to];
    await client.query({ queryKey, queryFn: () => answer });
    let shown: CompletionEntry[] | undefined;
    await vi.waitFor(() => {
      shown = client.getQueryData<CompletionEntry[]>(queryKey);
      expect(shown).not.toBe(answer);
    });
    return shown;
  }

  it("gets the queued regrouping again: the server's list still has the old keys", async () => {
    const edit = regroup('h1', 'weekly', 1);
    await addToOutbox(habitEdit('e1', { changes: [], completions: [edit] }));
    expect(await fetched('2025-12-26', '2027-01-06')).toEqual(
      applyCompletionsChange(fromServer, edit),
    );
  });

  it('makes the queued toggles and regroupings again in the order they were made', async () => {
    await addToOutbox(habitEdit('e1', { changes: [], completions: [regroup('h1', 'weekly', 1)] }));
    // Undone after the edit: the week of Monday and Tuesday, merged, goes as one.
    await addToOutbox({
      ...setCompletionEntry('c1', { habitId: 'h1', date: TUESDAY, completed: false }, Date.now()),
      method: 'PUT',
      path: `/api/habits/h1/completions/${TUESDAY}`,
      body: { completed: false },
    });
    expect(await fetched('2026-11-01', '2026-11-30')).toEqual([
      { ...done('h1', SUNDAY), periodKey: periodKey(SUNDAY, 'weekly', 1) },
    ]);
  });

  it('regroups the weekly habits again for a queued week start', async () => {
    await addToOutbox(settingsEntry('s1', { weekStart: 0 }));
    // Weeks from Monday on the server: Sunday ends one, Monday starts the next.
    const weekly = [
      done('h1', SUNDAY, 'weekly', 1),
      { ...done('h1', MONDAY, 'weekly', 1), xpEarned: 20, pointsEarned: 10 },
    ];
    expect(await fetched('2026-11-01', '2026-11-30', weekly)).toEqual([
      {
        ...done('h1', SUNDAY),
        periodKey: periodKey(SUNDAY, 'weekly', 0),
        xpEarned: 30,
        pointsEarned: 15,
      },
    ]);
  });
});
