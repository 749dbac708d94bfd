import { describe, expect, it } from 'vitest';
import { reminderHabitOf } from './habits';

describe('a habit as the reminder planner sees it', () => {
  const habit = {
    id: 'h1',
    title: 'Read',
    frequency: 'weekly' as const,
    streak: 4,
    lastCompletedAt: '2026-11-20T08:00:00.000Z',
  };

  it('is done when a completion of its current period exists, by the week start', () => {
    const done = [{ habitId: 'h1', periodKey: '2026-W48' }];
    // Tuesday 24 November 2026: the week from Sunday 22 November holds Monday 23, ISO week 48.
    const args = { habit, isResting: false, today: '2026-11-24', weekStart: 0 as const };
    expect(reminderHabitOf({ ...args, completions: done })).toEqual({
      id: 'h1',
      title: 'Read',
      frequency: 'weekly',
      streak: 4,
      isCompletedInCurrentPeriod: true,
      lastCompletedAt: Date.parse('2026-11-20T08:00:00.000Z'),
      isResting: false,
    });
    expect(
      reminderHabitOf({ ...args, completions: [{ habitId: 'other', periodKey: '2026-W48' }] })
        .isCompletedInCurrentPeriod,
    ).toBe(false);
    expect(reminderHabitOf({ ...args, completions: [], isResting: true }).isResting).toBe(true);
    expect(
      reminderHabitOf({ ...args, habit: { ...habit, lastCompletedAt: null }, completions: [] })
        .lastCompletedAt,
    ).toBeNull();
  });
});
