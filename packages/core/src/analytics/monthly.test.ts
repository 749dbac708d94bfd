import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, FACTS, randomFacts } from '../../test/analytics-fixture';
import { monthlyAnalytics } from './monthly';
import { daysInMonth } from '../dates';
import { monthlyRateBand } from '../stats';

const monthly = (year: number, month: number) =>
  monthlyAnalytics({ ...FACTS, categories: CATEGORIES, year, month });

describe('monthly', () => {
  it('sums the current month up to today', () => {
    const result = monthly(2026, 3);
    expect(result).toMatchObject({
      year: 2026,
      month: 3,
      completions: 6,
      xpEarned: 140,
      completionRate: 46, // 6 of 13 instances: Read 3/10, Gym 2/2, Budget 1/1
      averageDailyXp: 14, // 140 XP over the 10 days up to today
    });
  });

  it("names the account's first year: its creation, a habit, a completion or a redemption", () => {
    const { firstYear } = monthly(2026, 3);
    expect(firstYear).toBe(
      Number(
        [
          ...FACTS.habits.map((habit) => habit.createdOn),
          ...FACTS.completions.map((c) => c.completionDate),
          FACTS.today,
        ]
          .sort()[0]
          ?.slice(0, 4),
      ),
    );
    const older = monthlyAnalytics({
      ...FACTS,
      categories: CATEGORIES,
      year: 2026,
      month: 3,
      accountCreatedOn: '2019-05-01',
      purchases: [{ rewardCost: 10, purchasedOn: '2018-12-31' }],
    });
    expect(older.firstYear).toBe(2018);
  });

  it('divides a past month by all its days, to one decimal', () => {
    expect(monthly(2026, 2)).toMatchObject({
      xpEarned: 50,
      averageDailyXp: 1.8,
      completionRate: 3,
    });
    expect(monthly(2026, 1)).toMatchObject({
      xpEarned: 100,
      averageDailyXp: 3.2,
      completionRate: 11,
    });
  });

  it('is empty for a future month', () => {
    const result = monthly(2026, 4);
    expect(result).toMatchObject({
      completions: 0,
      xpEarned: 0,
      completionRate: 0,
      averageDailyXp: 0,
    });
    expect(result.days).toHaveLength(30);
    expect(result.days.every((day) => day.isFuture && day.total === 0 && day.band === 'none')).toBe(
      true,
    );
  });

  it('colours the day bars by the monthly bands', () => {
    const { days } = monthly(2026, 3);
    expect(days).toHaveLength(31);
    expect(days[0]).toEqual({
      date: '2026-03-01',
      completed: 3,
      total: 3,
      rate: 100,
      completions: 1,
      xp: 10,
      isFuture: false,
      band: 'excellent',
    });
    expect(days[3]).toMatchObject({ date: '2026-03-04', rate: 67, band: 'good' });
    expect(days[9]).toMatchObject({ date: '2026-03-10', rate: 100, isFuture: false });
    expect(days[10]).toMatchObject({ date: '2026-03-11', total: 0, band: 'none', isFuture: true });
    // February: only Budget done, Read and Gym open every day.
    expect(monthly(2026, 2).days[9]).toMatchObject({
      completed: 1,
      total: 3,
      rate: 33,
      band: 'low',
    });
  });

  it('lists category performance by name, target progress capped at 100', () => {
    expect(monthly(2026, 3).categories).toEqual([
      {
        categoryId: 'art',
        name: 'ART',
        completed: 0,
        total: 0,
        rate: 0,
        xp: 0,
        target: 200,
        targetPercent: 0,
        isTargetMet: false,
      },
      {
        categoryId: 'body',
        name: 'BODY',
        completed: 2,
        total: 2,
        rate: 100,
        xp: 60,
        target: 50,
        targetPercent: 100, // 120 % of the target
        isTargetMet: true,
      },
      {
        categoryId: 'mind',
        name: 'MIND',
        completed: 4,
        total: 11,
        rate: 36,
        xp: 80,
        target: 100,
        targetPercent: 80,
        isTargetMet: false,
      },
    ]);
  });

  it('is all zeros without data', () => {
    const result = monthlyAnalytics({
      habits: [],
      completions: [],
      categories: [],
      today: '2026-03-10',
      weekStart: 0,
      year: 2026,
      month: 2,
    });
    expect(result).toMatchObject({
      completions: 0,
      xpEarned: 0,
      completionRate: 0,
      averageDailyXp: 0,
    });
    expect(result.days).toHaveLength(28);
    expect(result.days.every((day) => day.total === 0 && !day.isFuture)).toBe(true);
    expect(result.categories).toEqual([]);
  });

  it('keeps bars, rates and sums consistent', () => {
    fc.assert(
      fc.property(
        randomFacts,
        fc.integer({ min: 2025, max: 2026 }),
        fc.integer({ min: 1, max: 12 }),
        (facts, year, month) => {
          const result = monthlyAnalytics({ ...facts, categories: CATEGORIES, year, month });
          expect(result.days).toHaveLength(daysInMonth(year, month));
          expect(result.completions).toBe(
            result.days.reduce((sum, day) => sum + day.completions, 0),
          );
          expect(result.xpEarned).toBe(result.days.reduce((sum, day) => sum + day.xp, 0));
          for (const rate of [result.completionRate, ...result.days.map((day) => day.rate)]) {
            expect(rate).toBeGreaterThanOrEqual(0);
            expect(rate).toBeLessThanOrEqual(100);
          }
          for (const day of result.days) {
            expect(day.band).toBe(monthlyRateBand(day.rate));
            expect(day.isFuture).toBe(day.date > facts.today);
            if (day.isFuture) expect(day.total).toBe(0);
          }
          for (const category of result.categories) {
            expect(category.targetPercent).toBeLessThanOrEqual(100);
            expect(category.completed).toBeLessThanOrEqual(category.total);
          }
        },
      ),
    );
  });
});
