import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  droppedNotice,
  enqueue,
  isSetCompletionEntry,
  markRetry,
  MAX_QUEUE_LENGTH,
  nextBatch,
  offlineBadge,
  pruneExpired,
  removeSynced,
  setCompletionEntry,
  trimOnQuotaError,
  type DroppedEntry,
  type QueueEntry,
} from './offline-queue';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 2, 1, 12);

function completion(id: string, habitId: string, date: string, completed: boolean, at: number) {
  return setCompletionEntry(id, { habitId, date, completed }, at);
}

function other(id: string, at: number): QueueEntry {
  return { id, type: 'update-profile', payload: { username: id }, timestamp: at, retries: 0 };
}

function build(entries: readonly QueueEntry[], now: number): QueueEntry[] {
  return entries.reduce<QueueEntry[]>((queue, entry) => enqueue(queue, entry, now).queue, []);
}

describe('set-completion entries', () => {
  it('builds an entry with no retries, copying the payload', () => {
    const payload = { habitId: 'h1', date: '2026-03-01', completed: true };
    const entry = setCompletionEntry('key-1', payload, T0);
    expect(entry).toEqual({
      id: 'key-1',
      type: 'set-completion',
      payload,
      timestamp: T0,
      retries: 0,
    });
    expect(entry.payload).not.toBe(payload);
  });

  it('recognises only well-formed set-completion payloads', () => {
    expect(isSetCompletionEntry(completion('a', 'h1', '2026-03-01', true, T0))).toBe(true);
    const broken = (payload: unknown): QueueEntry => ({
      id: 'x',
      type: 'set-completion',
      payload,
      timestamp: T0,
      retries: 0,
    });
    expect(isSetCompletionEntry(broken(null))).toBe(false);
    expect(isSetCompletionEntry(broken('h1'))).toBe(false);
    expect(
      isSetCompletionEntry(broken({ habitId: 'h1', date: '2026-02-30', completed: true })),
    ).toBe(false);
    expect(isSetCompletionEntry(broken({ habitId: 1, date: '2026-03-01', completed: true }))).toBe(
      false,
    );
    expect(
      isSetCompletionEntry(broken({ habitId: 'h1', date: '2026-03-01', completed: 'yes' })),
    ).toBe(false);
    expect(isSetCompletionEntry(other('p', T0))).toBe(false);
  });
});

describe('enqueue', () => {
  it('appends in order and drops nothing below the bounds', () => {
    const a = completion('a', 'h1', '2026-03-01', true, T0);
    const b = other('b', T0 + 1);
    const result = enqueue([a], b, T0 + 1);
    expect(result.queue).toEqual([a, b]);
    expect(result.dropped).toEqual([]);
  });

  it('replaces the queued change of the same habit and date: the last wanted state wins', () => {
    const done = completion('a', 'h1', '2026-03-01', true, T0);
    const otherDay = completion('b', 'h1', '2026-02-28', true, T0 + 1);
    const undone = completion('c', 'h1', '2026-03-01', false, T0 + 2);
    const queue = build([done, otherDay, undone], T0 + 2);
    expect(queue.map((entry) => entry.id)).toEqual(['b', 'c']);
    expect(queue[1]?.payload).toEqual({ habitId: 'h1', date: '2026-03-01', completed: false });
  });

  it('does not coalesce across another change: the server hears each state on its side of it', () => {
    // Undone offline, the habit's XP edited, done again: the undo must reach the server before
    // the edit, and the new completion after it (so it earns the new XP).
    const undone = completion('a', 'h1', '2026-03-01', false, T0);
    const edit = other('e', T0 + 1);
    const done = completion('c', 'h1', '2026-03-01', true, T0 + 2);
    expect(build([undone, edit, done], T0 + 2)).toEqual([undone, edit, done]);
    // Toggled once more: the last state wins over the toggle after the edit only.
    const undoneAgain = completion('d', 'h1', '2026-03-01', false, T0 + 3);
    expect(build([undone, edit, done, undoneAgain], T0 + 3)).toEqual([undone, edit, undoneAgain]);
    // Other habits' toggles in between do not stop it.
    const otherHabit = completion('f', 'h2', '2026-03-01', true, T0 + 4);
    const doneAgain = completion('g', 'h1', '2026-03-01', true, T0 + 5);
    expect(build([undone, edit, done, otherHabit, doneAgain], T0 + 5)).toEqual([
      undone,
      edit,
      otherHabit,
      doneAgain,
    ]);
  });

  it('does not coalesce different habits, and never reports a replaced entry as dropped', () => {
    const a = completion('a', 'h1', '2026-03-01', true, T0);
    const b = completion('b', 'h2', '2026-03-01', true, T0 + 1);
    expect(enqueue([a], b, T0 + 1).queue).toEqual([a, b]);
    const again = completion('c', 'h1', '2026-03-01', false, T0 + 2);
    expect(enqueue([a, b], again, T0 + 2)).toEqual({ queue: [b, again], dropped: [] });
  });

  it('replaces an entry with the same id (a re-sent idempotency key)', () => {
    const first = other('same', T0);
    const second = { ...other('same', T0 + 5), retries: 2 };
    expect(enqueue([first], second, T0 + 5).queue).toEqual([second]);
  });

  it('places an entry with an earlier timestamp before later ones', () => {
    const late = other('late', T0 + 10);
    const early = other('early', T0);
    expect(enqueue([late], early, T0 + 10).queue.map((entry) => entry.id)).toEqual([
      'early',
      'late',
    ]);
  });

  it('removes entries older than 7 days, keeping one exactly 7 days old', () => {
    const old = other('old', T0 - 7 * DAY - 1);
    const edge = other('edge', T0 - 7 * DAY);
    const result = enqueue([old, edge], other('new', T0), T0);
    expect(result.queue.map((entry) => entry.id)).toEqual(['edge', 'new']);
    expect(result.dropped).toEqual([{ entry: old, reason: 'expired' }]);
  });

  it('drops the oldest beyond 100 entries', () => {
    const full = Array.from({ length: MAX_QUEUE_LENGTH }, (_, i) => other(`e${i}`, T0 + i));
    const result = enqueue(full, other('new', T0 + 500), T0 + 500);
    expect(result.queue).toHaveLength(MAX_QUEUE_LENGTH);
    expect(result.queue[0]?.id).toBe('e1');
    expect(result.queue.at(-1)?.id).toBe('new');
    expect(result.dropped).toEqual([{ entry: full[0], reason: 'overflow' }]);
  });

  it('does not mutate the queue it was given', () => {
    const queue = Object.freeze([other('a', T0)]);
    enqueue(queue, other('b', T0 + 1), T0 + 8 * DAY);
    expect(queue).toEqual([other('a', T0)]);
  });
});

describe('pruneExpired and trimOnQuotaError', () => {
  it('prunes only what is past 7 days', () => {
    const queue = [other('a', T0 - 8 * DAY), other('b', T0 - DAY)];
    const result = pruneExpired(queue, T0);
    expect(result.queue.map((entry) => entry.id)).toEqual(['b']);
    expect(result.dropped.map((drop) => drop.reason)).toEqual(['expired']);
  });

  it('keeps the newest 50 after a quota error', () => {
    const queue = Array.from({ length: 80 }, (_, i) => other(`e${i}`, T0 + i));
    const result = trimOnQuotaError(queue);
    expect(result.queue).toHaveLength(50);
    expect(result.queue[0]?.id).toBe('e30');
    expect(result.dropped).toHaveLength(30);
    expect(result.dropped.every((drop) => drop.reason === 'quota')).toBe(true);
    expect(trimOnQuotaError(queue.slice(0, 10))).toEqual({
      queue: queue.slice(0, 10),
      dropped: [],
    });
  });
});

describe('replay helpers', () => {
  const queue = [other('a', T0), other('b', T0 + 1), other('c', T0 + 2)];

  it('takes the oldest entries first', () => {
    expect(nextBatch(queue, 2).map((entry) => entry.id)).toEqual(['a', 'b']);
    expect(nextBatch(queue)).toHaveLength(3);
    expect(nextBatch(queue, -1)).toEqual([]);
  });

  it('counts retries and removes synced entries', () => {
    const retried = markRetry(markRetry(queue, 'b'), 'b');
    expect(retried.map((entry) => entry.retries)).toEqual([0, 2, 0]);
    expect(queue[1]?.retries).toBe(0);
    expect(removeSynced(queue, ['a', 'c']).map((entry) => entry.id)).toEqual(['b']);
  });
});

describe('droppedNotice', () => {
  const drops = (reason: DroppedEntry['reason'], count: number): DroppedEntry[] =>
    Array.from({ length: count }, (_, i) => ({ entry: other(`${reason}${i}`, T0), reason }));

  it('says nothing when nothing was dropped', () => {
    expect(droppedNotice([])).toBeNull();
  });

  it('names the count and the reason', () => {
    expect(droppedNotice(drops('expired', 2))).toBe(
      '2 offline changes were dropped because they were older than 7 days.',
    );
    expect(droppedNotice(drops('expired', 1))).toBe(
      '1 offline change was dropped because it was older than 7 days.',
    );
    expect(droppedNotice(drops('overflow', 1))).toBe(
      'The oldest offline change was dropped because at most 100 changes can wait to sync.',
    );
    expect(droppedNotice(drops('overflow', 3))).toBe(
      'The 3 oldest offline changes were dropped because at most 100 changes can wait to sync.',
    );
    expect(droppedNotice(drops('quota', 1))).toBe(
      'The oldest offline change was dropped because device storage is full.',
    );
    expect(droppedNotice(drops('quota', 30))).toBe(
      'The 30 oldest offline changes were dropped because device storage is full.',
    );
  });

  it('joins several reasons in a fixed order', () => {
    expect(droppedNotice([...drops('quota', 2), ...drops('expired', 1)])).toBe(
      '1 offline change was dropped because it was older than 7 days. ' +
        'The 2 oldest offline changes were dropped because device storage is full.',
    );
  });
});

describe('offlineBadge', () => {
  const base = { isOnline: true, pending: 0, isSyncing: false, justSyncedAt: null, now: T0 };

  it('shows the spec texts', () => {
    expect(offlineBadge({ ...base, isOnline: false, pending: 3 })).toEqual({
      kind: 'offline',
      text: 'Offline Mode',
    });
    expect(offlineBadge({ ...base, pending: 3, isSyncing: true })).toEqual({
      kind: 'syncing',
      text: 'Syncing... (3)',
    });
    expect(offlineBadge({ ...base, pending: 2 })).toEqual({ kind: 'pending', text: '2 pending' });
    expect(offlineBadge(base)).toBeNull();
  });

  it("shows 'Synced!' for 5 seconds after the queue emptied", () => {
    expect(offlineBadge({ ...base, justSyncedAt: T0 })).toEqual({
      kind: 'synced',
      text: 'Synced!',
    });
    expect(offlineBadge({ ...base, justSyncedAt: T0 - 4_999 })?.text).toBe('Synced!');
    expect(offlineBadge({ ...base, justSyncedAt: T0 - 5_000 })).toBeNull();
    expect(offlineBadge({ ...base, justSyncedAt: T0 + 1 })).toBeNull();
  });
});

describe('queue invariants (property)', () => {
  // Each step: an entry made up to 8 days before "now" (late replays of old edits included),
  // then the clock moves on by up to an hour.
  const stepArb = fc.record({
    id: fc.uuid(),
    kind: fc.constantFrom('completion', 'other'),
    habitId: fc.constantFrom('h1', 'h2', 'h3'),
    date: fc.constantFrom('2026-03-01', '2026-03-02'),
    completed: fc.boolean(),
    age: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 8 * DAY })),
    advance: fc.integer({ min: 0, max: 3_600_000 }),
  });

  it('stays bounded, fresh, ordered, and reports every loss', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 300 }), (steps) => {
        let queue: QueueEntry[] = [];
        let now = T0;
        for (const step of steps) {
          now += step.advance;
          const at = now - step.age;
          const entry =
            step.kind === 'completion'
              ? completion(step.id, step.habitId, step.date, step.completed, at)
              : other(step.id, at);
          const before = queue;
          const result = enqueue(queue, entry, now);
          queue = result.queue;

          expect(queue.length).toBeLessThanOrEqual(MAX_QUEUE_LENGTH);
          // Coalescing keeps what the server hears: the property below.
          expect(queue.every((e) => now - e.timestamp <= 7 * DAY)).toBe(true);
          for (let i = 1; i < queue.length; i += 1) {
            expect(queue[i - 1]?.timestamp).toBeLessThanOrEqual(queue[i]?.timestamp ?? 0);
          }
          // Survivors keep their relative order.
          const survivors = before.filter((e) => queue.includes(e));
          expect(queue.filter((e) => e !== entry)).toEqual(survivors);
          // Whatever left the queue, other than by being replaced, is reported.
          const reported = new Set(result.dropped.map((drop) => drop.entry));
          for (const gone of before.filter((e) => !queue.includes(e))) {
            const isReplaced =
              gone.id === entry.id ||
              (isSetCompletionEntry(gone) &&
                step.kind === 'completion' &&
                gone.payload.habitId === step.habitId &&
                gone.payload.date === step.date &&
                before.slice(before.indexOf(gone) + 1).every(isSetCompletionEntry));
            expect(isReplaced || reported.has(gone)).toBe(true);
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it('replays to the same states around every other change as the changes made, in order', () => {
    // What the server holds when it hears an entry: each target's last state. Replaying the queue
    // must give the server, at every other kind of change and at the end, what replaying every
    // change made would (nothing expires or overflows here).
    const made = fc.array(
      fc.record({
        id: fc.uuid(),
        kind: fc.constantFrom('completion', 'completion', 'other'),
        habitId: fc.constantFrom('h1', 'h2'),
        completed: fc.boolean(),
      }),
      { maxLength: 60 },
    );
    const statesAtBarriers = (entries: readonly QueueEntry[]) => {
      const state = new Map<string, boolean>();
      const seen: string[] = [];
      for (const e of entries) {
        if (isSetCompletionEntry(e)) state.set(e.payload.habitId, e.payload.completed);
        else seen.push(`${e.id}:${JSON.stringify([...state].sort())}`);
      }
      return [...seen, JSON.stringify([...state].sort())];
    };
    fc.assert(
      fc.property(made, (steps) => {
        const entries = steps.map((step, i) =>
          step.kind === 'completion'
            ? completion(step.id, step.habitId, '2026-03-01', step.completed, T0 + i)
            : other(step.id, T0 + i),
        );
        const unique = entries.filter((e, i) => entries.findIndex((f) => f.id === e.id) === i);
        const queue = build(unique, T0 + unique.length);
        expect(statesAtBarriers(queue)).toEqual(statesAtBarriers(unique));
      }),
      { numRuns: 300 },
    );
  });

  it('reaches the 100 bound in long offline sessions', () => {
    const entries = Array.from({ length: 150 }, (_, i) => other(`e${i}`, T0 + i));
    const result = entries.reduce(
      (acc, entry) => {
        const step = enqueue(acc.queue, entry, T0 + 200);
        return { queue: step.queue, dropped: [...acc.dropped, ...step.dropped] };
      },
      { queue: [] as QueueEntry[], dropped: [] as DroppedEntry[] },
    );
    expect(result.queue).toHaveLength(100);
    expect(result.dropped).toHaveLength(50);
    expect(droppedNotice(result.dropped)).toBe(
      'The 50 oldest offline changes were dropped because at most 100 changes can wait to sync.',
    );
  });
});
