/**
 * factReads: what a completion's facts still need read once the unlocked achievements are known.
 * Property-tested against the full read: for any unlocked set and any history, the facts read
 * less earn exactly the locked achievements the full facts earn.
 */
import { ACHIEVEMENTS, earnedAchievements } from '@habitquest/core/achievements';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMPLETIONS_COUNT_CAP, factReads } from './unlock';

const ids = ACHIEVEMENTS.map((achievement) => achievement.id);

describe('factReads', () => {
  it('reads everything while nothing is known, and nothing once every one is unlocked', () => {
    expect(factReads(undefined)).toEqual({
      countCap: COMPLETIONS_COUNT_CAP,
      day: true,
      month: true,
    });
    expect(factReads(new Set())).toEqual({
      countCap: COMPLETIONS_COUNT_CAP,
      day: true,
      month: true,
    });
    expect(factReads(new Set(ids))).toEqual({ countCap: 0, day: false, month: false });
    // The count stops at the highest target still locked.
    expect(factReads(new Set(['completions-1000'])).countCap).toBe(100);
    expect(factReads(new Set(['first-completion', 'completions-10'])).countCap).toBe(1000);
  });

  it('earns the same locked achievements as the full read, whatever is unlocked', () => {
    fc.assert(
      fc.property(
        fc.subarray(ids),
        fc.integer({ min: 0, max: 3000 }),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 60 }),
        (unlockedIds, completions, isPerfect, isMet, dayStreak, level) => {
          const unlocked = new Set(unlockedIds);
          const reads = factReads(unlocked);
          // The statement counts up to its cap and adds the new completion; a fact not read is
          // a day that is not perfect and a month without a goal (set-completion.ts).
          const full = {
            completions: Math.min(completions, COMPLETIONS_COUNT_CAP) + 1,
            perfectDays: isPerfect ? 1 : 0,
            goalsMet: isMet ? 1 : 0,
            dayStreak,
            level,
          };
          const less = {
            completions: Math.min(completions, reads.countCap) + 1,
            perfectDays: reads.day && isPerfect ? 1 : 0,
            goalsMet: reads.month && isMet ? 1 : 0,
            dayStreak,
            level,
          };
          const locked = (facts: typeof full) =>
            earnedAchievements(facts)
              .map((achievement) => achievement.id)
              .filter((id) => !unlocked.has(id));
          expect(locked(less)).toEqual(locked(full));
        },
      ),
      { numRuns: 500 },
    );
  });
});
