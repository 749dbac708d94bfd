import { describe, expect, it } from 'vitest';
import { toCategoryFacts, toCompletionFacts, toHabitFacts, toPurchaseFacts } from './to-facts';

const HABIT_ROW = {
  id: 'h1',
  name: 'Read',
  frequency: 'daily' as const,
  isRecurring: true,
  specificDate: null,
  categoryId: 'c1',
  xpReward: 15,
  createdAt: new Date('2026-02-28T20:00:00Z'),
};

describe('toHabitFacts', () => {
  it('renames the columns and dates the creation in the user’s time zone', () => {
    expect(toHabitFacts(HABIT_ROW, 'Asia/Manila')).toEqual({
      id: 'h1',
      title: 'Read',
      frequency: 'daily',
      isRecurring: true,
      specificDate: null,
      categoryId: 'c1',
      xpOnComplete: 15,
      createdOn: '2026-03-01',
    });
    expect(toHabitFacts(HABIT_ROW, 'UTC').createdOn).toBe('2026-02-28');
    expect(toHabitFacts(HABIT_ROW, 'America/Los_Angeles').createdOn).toBe('2026-02-28');
  });
});

describe('toPurchaseFacts', () => {
  it('dates a redeem in the user’s time zone', () => {
    const row = { rewardCost: 40, purchasedAt: new Date('2026-01-01T02:00:00Z') };
    expect(toPurchaseFacts(row, 'Asia/Manila')).toEqual({
      rewardCost: 40,
      purchasedOn: '2026-01-01',
    });
    expect(toPurchaseFacts(row, 'America/New_York')).toEqual({
      rewardCost: 40,
      purchasedOn: '2025-12-31',
    });
  });
});

describe('toCompletionFacts and toCategoryFacts', () => {
  it('keep exactly the fields core reads', () => {
    expect(
      toCompletionFacts({
        habitId: 'h1',
        completionDate: '2026-03-05',
        periodKey: '2026-03-05',
        xpEarned: 10,
        pointsEarned: 5,
      }),
    ).toEqual({
      habitId: 'h1',
      completionDate: '2026-03-05',
      periodKey: '2026-03-05',
      xpEarned: 10,
      pointsEarned: 5,
    });
    expect(
      toCategoryFacts({ id: 'c1', name: 'MIND', monthlyTargetXp: 200, isFallback: false }),
    ).toEqual({ id: 'c1', name: 'MIND', monthlyTargetXp: 200, isFallback: false });
  });
});
