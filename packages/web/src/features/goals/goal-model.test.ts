import type { Category } from '@habitquest/contracts/categories';
import type { Completion, Habit } from '@habitquest/contracts/habits';
import { describe, expect, it } from 'vitest';
import { habitFixture } from '../../../test/habit-fixture';
import { categoryGoals, orderCategories, uncategorizedHabits } from './goal-model';

function category(id: string, name: string, target: number, isFallback = false): Category {
  return {
    id,
    name,
    color: '#6366f1',
    monthlyTargetXp: target,
    isFallback,
    createdAt: '2025-01-01T00:00:00Z',
  };
}

function habit(id: string, categoryId: string | null, xp = 10): Habit {
  return habitFixture({ id, categoryId, xpOnComplete: xp });
}

function completion(habitId: string, date: string, xpEarned: number): Completion {
  return {
    id: `${habitId}-${date}`,
    habitId,
    completionDate: date,
    periodKey: date,
    xpEarned,
    pointsEarned: Math.floor(xpEarned / 2),
    completedAt: `${date}T08:00:00Z`,
  };
}

const CATEGORIES = [
  category('c', 'CAREER', 500),
  category('h', 'HEALTH & FITNESS', 350),
  category('u', 'UNCATEGORIZED HABITS', 100, true),
  category('z', 'ZEN', 0),
];

describe('orderCategories', () => {
  it('keeps the order by name and puts the fallback last', () => {
    expect(orderCategories(CATEGORIES).map((c) => c.name)).toEqual([
      'CAREER',
      'HEALTH & FITNESS',
      'ZEN',
      'UNCATEGORIZED HABITS',
    ]);
  });
});

describe('categoryGoals', () => {
  it("sums the month's XP per category against its target, with the spec's status text", () => {
    const goals = categoryGoals({
      categories: CATEGORIES,
      habits: [habit('run', 'h'), habit('gym', 'h'), habit('orphan', null), habit('cv', 'c')],
      completions: [
        completion('run', '2025-06-01', 200),
        completion('gym', '2025-06-02', 70),
        completion('run', '2025-05-31', 500), // last month: not counted
        completion('orphan', '2025-06-03', 100),
      ],
      today: '2025-06-15',
    });
    const byName = Object.fromEntries(goals.map((goal) => [goal.category.name, goal]));
    expect(byName['HEALTH & FITNESS']?.progress).toMatchObject({
      xp: 270,
      percent: 77,
      barPercent: 77,
      status: 'Almost there!',
    });
    expect(byName['HEALTH & FITNESS']?.habitCount).toBe(2);
    expect(byName.CAREER?.progress).toMatchObject({ xp: 0, percent: 0, status: 'Keep going!' });
    // A habit without a category counts under the fallback.
    expect(byName['UNCATEGORIZED HABITS']?.progress).toMatchObject({
      xp: 100,
      percent: 100,
      barPercent: 100,
      status: 'Complete!',
    });
    expect(byName.ZEN?.progress.percent).toBe(0);
    expect(goals.at(-1)?.category.isFallback).toBe(true);
  });
});

describe('uncategorizedHabits', () => {
  it('lists the habits in the fallback category or in none', () => {
    const habits = [habit('a', 'u'), habit('b', 'h'), habit('c', null)];
    expect(uncategorizedHabits(habits, CATEGORIES).map((h) => h.id)).toEqual(['a', 'c']);
    expect(uncategorizedHabits(habits, []).map((h) => h.id)).toEqual(['c']);
  });
});
