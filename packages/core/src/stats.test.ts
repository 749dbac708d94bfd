import { describe, expect, it } from 'vitest';
import type { CompletionFacts, HabitFacts } from './model';
import {
  categoryXpForMonth,
  completionRate,
  dayInsights,
  frequencyStats,
  goalProgress,
  goalStatus,
  monthlyRateBand,
  rateBand,
} from './stats';

const habit = (overrides: Partial<HabitFacts> & Pick<HabitFacts, 'id'>): HabitFacts => ({
  title: overrides.id,
  frequency: 'daily',
  isRecurring: true,
  specificDate: null,
  categoryId: 'health',
  xpOnComplete: 10,
  createdOn: '2026-01-01',
  ...overrides,
});

const completion = (
  habitId: string,
  completionDate: string,
  periodKey = completionDate,
  xpEarned = 10,
): CompletionFacts => ({
  habitId,
  completionDate,
  periodKey,
  xpEarned,
  pointsEarned: Math.floor(xpEarned / 2),
});

describe('rates and bands', () => {
  it('rounds the completion rate and is 0 without habits', () => {
    expect(completionRate(1, 3)).toBe(33);
    expect(completionRate(2, 3)).toBe(67);
    expect(completionRate(0, 0)).toBe(0);
  });

  it('colours the dashboard and weekly rates at 70 and 40', () => {
    expect(rateBand(70)).toBe('green');
    expect(rateBand(69)).toBe('amber');
    expect(rateBand(40)).toBe('amber');
    expect(rateBand(39)).toBe('red');
  });

  it('colours monthly days at 80, 60, 40 and above 0', () => {
    expect(monthlyRateBand(80)).toBe('excellent');
    expect(monthlyRateBand(60)).toBe('good');
    expect(monthlyRateBand(40)).toBe('fair');
    expect(monthlyRateBand(1)).toBe('low');
    expect(monthlyRateBand(0)).toBe('none');
  });
});

describe('day insights', () => {
  const habits = [
    habit({ id: 'read' }),
    habit({ id: 'gym', frequency: 'weekly' }),
    habit({ id: 'trip', isRecurring: false, specificDate: '2026-11-25' }),
    habit({ id: 'new', createdOn: '2026-11-23' }),
  ];
  const completions = [
    completion('read', '2026-11-22'),
    completion('gym', '2026-11-20', '2026-W47', 20),
    completion('read', '2026-11-21'),
  ];

  it('lists the habits scheduled that day and counts those done in their period', () => {
    const day = dayInsights({ habits, completions, date: '2026-11-22', weekStart: 0 });
    expect(day.habitsForDay.map((entry) => [entry.habit.id, entry.isCompleted])).toEqual([
      ['read', true],
      ['gym', false], // W47 (Sun 15th – Sat 21st) is done, the week of the 22nd (W48) is not
    ]);
    expect(day).toMatchObject({
      completedCount: 1,
      totalCount: 2,
      completionRate: 50,
      xpEarned: 10,
    });
  });

  it('counts the weekly completion on every day of its week and its XP on its own date', () => {
    const day = dayInsights({ habits, completions, date: '2026-11-20', weekStart: 0 });
    expect(day).toMatchObject({
      completedCount: 1,
      totalCount: 2,
      completionRate: 50,
      xpEarned: 20,
    });
  });

  it('is empty before any habit exists', () => {
    expect(dayInsights({ habits, completions, date: '2025-12-31', weekStart: 0 })).toEqual({
      completedCount: 0,
      totalCount: 0,
      completionRate: 0,
      xpEarned: 0,
      habitsForDay: [],
    });
  });
});

describe('frequency stats', () => {
  it('computes Completed Today, Total, Completion Rate and Average Streak', () => {
    expect(
      frequencyStats('daily', [
        { isCompleted: true, streak: 3 },
        { isCompleted: false, streak: 0 },
        { isCompleted: true, streak: 2 },
      ]),
    ).toEqual({
      frequency: 'daily',
      completedToday: 2,
      total: 3,
      completionRate: 67,
      rateBand: 'amber',
      averageStreak: 1.7,
    });
    expect(frequencyStats('weekly', [])).toEqual({
      frequency: 'weekly',
      completedToday: 0,
      total: 0,
      completionRate: 0,
      rateBand: 'red',
      averageStreak: 0,
    });
  });
});

describe('goals', () => {
  it('uses the spec status texts', () => {
    expect(goalStatus(100)).toBe('Complete!');
    expect(goalStatus(75)).toBe('Almost there!');
    expect(goalStatus(50)).toBe('Halfway!');
    expect(goalStatus(49)).toBe('Keep going!');
  });

  it('caps the bar at 100% but reports the real percent', () => {
    expect(goalProgress(300, 200)).toEqual({
      xp: 300,
      target: 200,
      percent: 150,
      barPercent: 100,
      status: 'Complete!',
      isMet: true,
    });
    expect(goalProgress(150, 200)).toMatchObject({
      percent: 75,
      barPercent: 75,
      status: 'Almost there!',
      isMet: false,
    });
    expect(goalProgress(0, 0)).toMatchObject({ percent: 0, isMet: false });
    expect(goalProgress(5, 0)).toMatchObject({ percent: 100, isMet: true });
  });

  it("sums a category's awarded XP within one month", () => {
    const habits = [habit({ id: 'a' }), habit({ id: 'b', categoryId: 'career' })];
    const completions = [
      completion('a', '2026-11-01', '2026-11-01', 10),
      completion('a', '2026-11-30', '2026-11-30', 15),
      completion('a', '2026-10-31', '2026-10-31', 10),
      completion('b', '2026-11-05', '2026-11-05', 50),
    ];
    expect(
      categoryXpForMonth({ categoryId: 'health', habits, completions, year: 2026, month: 11 }),
    ).toBe(25);
    expect(
      categoryXpForMonth({ categoryId: 'career', habits, completions, year: 2026, month: 11 }),
    ).toBe(50);
    expect(
      categoryXpForMonth({ categoryId: 'none', habits, completions, year: 2026, month: 11 }),
    ).toBe(0);
  });
});
