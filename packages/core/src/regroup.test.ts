import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromEpochDay } from './dates';
import { FREQUENCIES, periodKey, type WeekStart } from './periods';
import { regroupBackupHabits, regroupCompletions, type StoredCompletion } from './regroup';

const completion = (id: string, date: string, frequency = 'daily' as const): StoredCompletion => ({
  id,
  completionDate: date,
  periodKey: periodKey(date, frequency),
  xpEarned: 10,
  pointsEarned: 5,
});

describe('regrouping completions into a new frequency', () => {
  it('merges the days of one week into the earliest, keeping the sums', () => {
    const result = regroupCompletions(
      [completion('b', '2026-11-24'), completion('a', '2026-11-23'), completion('c', '2026-11-30')],
      'weekly',
      0,
    );
    expect(result.removals).toEqual(['b']);
    expect(result.updates).toEqual([
      { id: 'a', periodKey: '2026-W48', xpEarned: 20, pointsEarned: 10 },
      { id: 'c', periodKey: '2026-W49', xpEarned: 10, pointsEarned: 5 },
    ]);
    expect(result.periods).toBe(2);
  });

  it('changes nothing when the keys already match', () => {
    const result = regroupCompletions([completion('a', '2026-11-23')], 'daily', 0);
    expect(result).toEqual({ updates: [], removals: [], periods: 1 });
  });

  it('keeps the totals, leaves one completion per period and keys each by its date', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            day: fc.integer({ min: 20_000, max: 20_800 }),
            xp: fc.integer({ min: 1, max: 100 }),
          }),
          { selector: (entry) => entry.day, maxLength: 40 },
        ),
        fc.constantFrom(...FREQUENCIES),
        fc.constantFrom(...FREQUENCIES),
        fc.constantFrom<WeekStart>(0, 1, 3, 6),
        (entries, from, to, weekStart) => {
          // A valid history of the old frequency: one completion per old period.
          const byOldKey = new Map<string, StoredCompletion>();
          entries.forEach((entry, index) => {
            const date = fromEpochDay(entry.day);
            const key = periodKey(date, from, weekStart);
            if (byOldKey.has(key)) return;
            byOldKey.set(key, {
              id: `c${String(index).padStart(3, '0')}`,
              completionDate: date,
              periodKey: key,
              xpEarned: entry.xp,
              pointsEarned: Math.floor(entry.xp / 2),
            });
          });
          const before = [...byOldKey.values()];
          const { updates, removals } = regroupCompletions(before, to, weekStart);
          const updated = new Map(updates.map((update) => [update.id, update]));
          const after = before
            .filter((row) => !removals.includes(row.id))
            .map((row) => ({ ...row, ...updated.get(row.id) }));
          const sum = (rows: StoredCompletion[], field: 'xpEarned' | 'pointsEarned') =>
            rows.reduce((total, row) => total + row[field], 0);
          expect(sum(after, 'xpEarned')).toBe(sum(before, 'xpEarned'));
          expect(sum(after, 'pointsEarned')).toBe(sum(before, 'pointsEarned'));
          const keys = after.map((row) => row.periodKey);
          expect(new Set(keys).size).toBe(keys.length);
          for (const row of after) {
            expect(row.periodKey).toBe(periodKey(row.completionDate, to, weekStart));
          }
          // Regrouping what was just regrouped changes nothing.
          expect(regroupCompletions(after, to, weekStart)).toMatchObject({
            updates: [],
            removals: [],
          });
        },
      ),
    );
  });
});

describe('regrouping a backup for another week start', () => {
  it('re-keys weekly completions of a Monday-start account for Sunday weeks, merging a shared week', () => {
    const habits = [
      {
        id: 'h',
        frequency: 'weekly' as const,
        completions: [
          // Sun 14 June ends the Monday week 8–14 June; Mon 15 June starts the next one.
          { completionDate: '2026-06-14', periodKey: '2026-W24', xpEarned: 10, pointsEarned: 5 },
          { completionDate: '2026-06-15', periodKey: '2026-W25', xpEarned: 20, pointsEarned: 10 },
        ],
      },
      { id: 'd', frequency: 'daily' as const, completions: [] },
    ];
    const [weekly, daily] = regroupBackupHabits(habits, 0);
    // With Sunday weeks both days are in 14–20 June: one completion holding both awards.
    expect(weekly?.completions).toEqual([
      { completionDate: '2026-06-14', periodKey: '2026-W25', xpEarned: 30, pointsEarned: 15 },
    ]);
    expect(daily).toBe(habits[1]);
    expect(regroupBackupHabits(habits, 1)[0]).toBe(habits[0]);
  });
});
