/**
 * everyDayAfter: the days with a completion worked out from the days kept before a change and
 * the latest days read after it. Property-tested against the days themselves: whenever it
 * answers, it answers exactly every day up to today, and it answers whenever its rule says so.
 */
import { addDays, type LocalDate } from '@habitquest/core/dates';
import { dayStreaks } from '@habitquest/core/streaks';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { everyDayAfter, type CompletionDays } from './load-progress';

const START = '2026-01-01';
/** How many latest days the model reads after each change (RECENT_DAYS, made small). */
const RECENT = 6;

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

const newestFirst = (days: Iterable<LocalDate>) => [...days].sort().reverse();

describe('everyDayAfter', () => {
  it('answers every day up to today, exactly, through any changes, and reads again only when it must', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 35 }),
        fc.integer({ min: 20, max: 38 }),
        steps,
        (initial, todayOffset, script: Step[]) => {
          // Days after today may hold completions too (a zone moved west); they are never read.
          const days = new Set(initial.map((offset) => addDays(START, offset)));
          let today = addDays(START, todayOffset);
          const upToToday = () => newestFirst([...days].filter((day) => day <= today));
          let kept: CompletionDays = { today, days: upToToday() };
          for (const step of script) {
            if ('nextDay' in step) {
              today = addDays(today, 1);
              // The kept days were read for yesterday: never used today.
              expect(everyDayAfter(kept, today, upToToday().slice(0, RECENT), today)).toBeNull();
              kept = { today, days: upToToday() };
              continue;
            }
            const date = addDays(START, step.offset);
            if (step.change === 'add') days.add(date);
            if (step.change === 'remove') days.delete(date);
            const recent = upToToday().slice(0, RECENT);
            const answered = everyDayAfter(kept, date, recent, today);
            const oldest = recent.at(-1);
            if (oldest !== undefined && date >= oldest) {
              expect(answered).toEqual(upToToday());
            } else {
              expect(answered).toBeNull();
            }
            kept = { today, days: answered ?? upToToday() };
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives the streak a fresh read gives, for a run far longer than the recent days', () => {
    const today = '2026-06-15';
    const run = Array.from({ length: 200 }, (_, i) => addDays(today, -i));
    const kept: CompletionDays = { today, days: run };
    // Undo 150 days ago: older than the recent days, so they are read again.
    expect(everyDayAfter(kept, addDays(today, -150), run.slice(0, 64), today)).toBeNull();
    // Undo today: the run now starts yesterday and is one shorter.
    const after = run.slice(1);
    const days = everyDayAfter(kept, today, after.slice(0, 64), today);
    expect(days).toEqual(after);
    expect(dayStreaks({ dates: days ?? [], today }).current).toBe(199);
  });
});
