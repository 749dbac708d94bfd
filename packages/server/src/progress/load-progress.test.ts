/**
 * The days a set-state keeps for the day streak (CompletionDays): every day with a completion
 * from a floor up to today. Property-tested against the days themselves: through any changes the
 * kept days stay exactly those, and the streak worked out from them is the streak of every day
 * whenever it is answered at all.
 */
import { addDays, type LocalDate } from '@habitquest/core/dates';
import { dayStreaks } from '@habitquest/core/streaks';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  daysAfterChange,
  knownDayStreak,
  RECENT_DAYS,
  recentCompletionDays,
  type CompletionDays,
} from './load-progress';

const START = '2026-01-01';
const day = (offset: number) => addDays(START, offset);
const newestFirst = (days: Iterable<LocalDate>) => [...days].sort().reverse();

/** A change of one date (days from START), or the next day beginning. */
type Step = { offset: number; change: 'add' | 'remove' | 'none' } | { nextDay: true };

const steps = fc.array(
  fc.oneof(
    {
      weight: 12,
      arbitrary: fc.record({
        offset: fc.integer({ min: 0, max: 40 }),
        change: fc.constantFrom('add' as const, 'remove' as const, 'none' as const),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ nextDay: true as const }) },
  ),
  { maxLength: 80 },
);

describe('daysAfterChange', () => {
  it('keeps exactly every day with a completion from the floor to today, through any changes', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 35 }),
        fc.integer({ min: 20, max: 38 }),
        fc.option(fc.integer({ min: 0, max: 30 })),
        steps,
        (initial, todayOffset, floorOffset, script: Step[]) => {
          // Days after today may hold completions too (a zone moved west); they are never kept.
          const days = new Set(initial.map(day));
          let today = day(todayOffset);
          const floor = floorOffset === null ? null : day(floorOffset);
          const truth = (): CompletionDays => ({
            today,
            floor,
            days: newestFirst(
              [...days].filter((d) => d <= today && (floor === null || d >= floor)),
            ),
          });
          let known = truth();
          for (const step of script) {
            if ('nextDay' in step) {
              today = addDays(today, 1);
              // Known for yesterday: never used today, the caller reads the days again.
              expect(daysAfterChange(known, null, today)).toBeNull();
              known = truth();
              continue;
            }
            const date = day(step.offset);
            if (step.change === 'add') days.add(date);
            if (step.change === 'remove') days.delete(date);
            const change = step.change === 'none' ? null : { day: date, isDone: days.has(date) };
            const after = daysAfterChange(known, change, today);
            expect(after).toEqual(truth());
            known = after ?? truth();
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('adds a day in its place and removes one, and leaves days before the floor alone', () => {
    const known: CompletionDays = {
      today: day(10),
      floor: day(4),
      days: [day(10), day(8), day(5)],
    };
    const change = (offset: number, isDone: boolean) => ({ day: day(offset), isDone });
    expect(daysAfterChange(known, change(7, true), day(10))?.days).toEqual([
      day(10),
      day(8),
      day(7),
      day(5),
    ]);
    expect(daysAfterChange(known, change(11, true), day(10))).toBe(known);
    expect(daysAfterChange(known, change(3, true), day(10))).toBe(known);
    expect(daysAfterChange(known, change(8, false), day(10))?.days).toEqual([day(10), day(5)]);
    // Another habit still completed that day: it stays.
    expect(daysAfterChange(known, change(8, true), day(10))).toBe(known);
    expect(daysAfterChange(known, null, day(10))).toBe(known);
    expect(daysAfterChange(known, null, day(11))).toBeNull();
  });
});

describe('knownDayStreak', () => {
  it('is the streak of every day whenever it answers, and answers whenever every day is known', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 55 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 10 }),
        fc.integer({ min: 30, max: 60 }),
        fc.option(fc.integer({ min: 0, max: 60 })),
        (done, rested, todayOffset, floorOffset) => {
          const today = day(todayOffset);
          const every = done.map(day);
          const restDays = new Set(rested.map(day));
          const floor = floorOffset === null ? null : day(floorOffset);
          const known: CompletionDays = {
            today,
            floor,
            days: newestFirst(every.filter((d) => d <= today && (floor === null || d >= floor))),
          };
          const streak = knownDayStreak(known, restDays);
          if (floor === null) expect(streak).not.toBeNull();
          if (streak !== null)
            expect(streak).toBe(dayStreaks({ dates: every, today, restDays }).current);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('needs the older days only for a run that takes in every recent day', () => {
    const today = '2026-06-15';
    const run = Array.from({ length: 200 }, (_, i) => addDays(today, -i));
    const recent = recentCompletionDays(today, run.slice(0, RECENT_DAYS));
    expect(recent.floor).toBe(addDays(today, -(RECENT_DAYS - 1)));
    expect(knownDayStreak(recent, new Set())).toBeNull();
    // Every day known: the whole run.
    expect(knownDayStreak({ today, floor: null, days: run }, new Set())).toBe(200);
    // A gap ten days ago ends the run inside the recent days.
    const broken = recentCompletionDays(
      today,
      run.filter((d) => d !== addDays(today, -10)).slice(0, RECENT_DAYS),
    );
    expect(knownDayStreak(broken, new Set())).toBe(10);
    // Fewer than RECENT_DAYS days: they are all there are.
    expect(recentCompletionDays(today, run.slice(0, 5)).floor).toBeNull();
  });
});
