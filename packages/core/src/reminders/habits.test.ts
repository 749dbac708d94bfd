import { describe, expect, it } from 'vitest';
import { habitRest, NO_REST } from '../rest';
import { reminderHabitOf } from './habits';

describe('a habit as the reminder planner sees it', () => {
  const habit = {
    id: 'h1',
    title: 'Read',
    frequency: 'weekly' as const,
    streak: 4,
    lastCompletedAt: '2026-11-20T08:00:00.000Z',
  };
  // Tuesday 24 November 2026: the week from Sunday 22 November holds Monday 23, ISO week 48.
  const args = { habit, rest: NO_REST, today: '2026-11-24', weekStart: 0 as const };

  it('is done when a completion of its current period exists, by the week start', () => {
    const done = [{ habitId: 'h1', periodKey: '2026-W48' }];
    expect(reminderHabitOf({ ...args, completions: done })).toEqual({
      id: 'h1',
      title: 'Read',
      frequency: 'weekly',
      streak: 4,
      isCompletedInCurrentPeriod: true,
      lastCompletedAt: Date.parse('2026-11-20T08:00:00.000Z'),
      isResting: false,
      periodRests: false,
    });
    expect(
      reminderHabitOf({ ...args, completions: [{ habitId: 'other', periodKey: '2026-W48' }] })
        .isCompletedInCurrentPeriod,
    ).toBe(false);
    expect(
      reminderHabitOf({ ...args, habit: { ...habit, lastCompletedAt: null }, completions: [] })
        .lastCompletedAt,
    ).toBeNull();
  });

  it('rests today when paused today; its period rests when a rest day falls anywhere in it', () => {
    // Paused Monday 23 to Tuesday 24 November: resting today.
    const pausedNow = habitRest({ pauses: [{ startsOn: '2026-11-23', endsOn: '2026-11-24' }] });
    expect(reminderHabitOf({ ...args, rest: pausedNow, completions: [] })).toMatchObject({
      isResting: true,
      periodRests: true,
    });
    // Paused on Monday only: not resting on Tuesday, but the week rests (its streak is safe).
    const pausedMonday = habitRest({ pauses: [{ startsOn: '2026-11-23', endsOn: '2026-11-23' }] });
    expect(reminderHabitOf({ ...args, rest: pausedMonday, completions: [] })).toMatchObject({
      isResting: false,
      periodRests: true,
    });
  });
});
