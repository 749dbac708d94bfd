import { describe, expect, it } from 'vitest';
import { habitFixture } from '../../../test/habit-fixture';
import { habitPatch } from './habit-patch';

const habit = habitFixture({ id: 'h1', title: 'Read' });
const unchanged = {
  id: undefined,
  title: habit.title,
  description: habit.description,
  frequency: habit.frequency,
  categoryId: habit.categoryId,
  xpOnComplete: habit.xpOnComplete,
  isRecurring: habit.isRecurring,
  specificDate: habit.specificDate,
  color: habit.color,
  icon: habit.icon,
};

describe('an edit of a habit', () => {
  it('sends only the fields changed in the form', () => {
    expect(habitPatch(habit, { ...unchanged, title: 'Read books' })).toEqual({
      title: 'Read books',
    });
    expect(habitPatch(habit, { ...unchanged, xpOnComplete: 40, color: '#f43f5e' })).toEqual({
      xpOnComplete: 40,
      color: '#f43f5e',
    });
  });

  it('sends the schedule as a pair, and nothing at all when nothing changed', () => {
    expect(
      habitPatch(habit, { ...unchanged, isRecurring: false, specificDate: '2026-06-20' }),
    ).toEqual({ isRecurring: false, specificDate: '2026-06-20' });
    expect(habitPatch(habit, unchanged)).toBeNull();
  });
});
