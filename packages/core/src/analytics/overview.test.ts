import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FACTS, PURCHASES, randomFacts } from '../../test/analytics-fixture';
import { firstYearOf, overviewAnalytics, shopMonthsOf } from './overview';
import { monthRange, rangeTotals } from './tally';

const overview = (year: number, today = FACTS.today) =>
  overviewAnalytics({ ...FACTS, today, purchases: PURCHASES, year });

describe('overview', () => {
  it('sums the current year', () => {
    const result = overview(2026);
    // Jan: Read ×2, Gym, Budget; Feb: Budget; Mar: Read ×3, Gym ×2, Budget.
    expect(result.totalXpAllTime).toBe(360);
    expect(result.xpThisYear).toBe(290);
    expect(result.completionsThisYear).toBe(11);
    expect(result.bestMonth).toEqual({ month: 3, xp: 140 });
    expect(result.monthlyXp.slice(0, 4)).toEqual([
      { month: 1, xp: 100, completions: 4 },
      { month: 2, xp: 50, completions: 1 },
      { month: 3, xp: 140, completions: 6 },
      { month: 4, xp: 0, completions: 0 },
    ]);
  });

  it('averages the monthly rates of the months with something scheduled', () => {
    // Jan 4/37 = 11, Feb 1/33 = 3, Mar (to the 10th) 6/13 = 46; April on lies in the future.
    expect(overview(2026).averageCompletionRate).toBe(20);
    // 2025: only December, when Read (from the 30th) and Budget were all done.
    expect(overview(2025).averageCompletionRate).toBe(100);
  });

  it('looks back at a past year', () => {
    const result = overview(2025);
    expect(result.year).toBe(2025);
    expect(result.xpThisYear).toBe(70);
    expect(result.completionsThisYear).toBe(3);
    expect(result.bestMonth).toEqual({ month: 12, xp: 70 });
    expect(result.totalXpAllTime).toBe(360);
  });

  it('has no best month and no rate in a year without activity', () => {
    const result = overview(2027);
    expect(result.bestMonth).toBeNull();
    expect(result.averageCompletionRate).toBe(0);
    expect(result.xpThisYear).toBe(0);
    expect(result.monthlyXp).toHaveLength(12);
    expect(result.monthlyXp.every((entry) => entry.xp === 0 && entry.completions === 0)).toBe(true);
  });

  it('gives the earliest month on a tie', () => {
    const result = overviewAnalytics({
      ...FACTS,
      completions: FACTS.completions.filter((c) => c.habitId === 'budget'),
      purchases: [],
      year: 2026,
    });
    expect(result.bestMonth).toEqual({ month: 1, xp: 50 });
  });

  it('summarises the reward shop for this month and the one before', () => {
    expect(overview(2026).rewardShop).toEqual({
      previousMonth: { itemsRedeemed: 1, pointsSpent: 100 },
      thisMonth: { itemsRedeemed: 2, pointsSpent: 100 },
    });
  });

  it("summarises a past year's shop by its own last two months, not today's", () => {
    const shopped = (purchasedOn: string, rewardCost: number) => ({ purchasedOn, rewardCost });
    const purchases = [
      shopped('2025-11-30', 7),
      shopped('2025-12-01', 11),
      shopped('2025-12-31', 13),
      shopped('2026-03-01', 100),
    ];
    const result = overviewAnalytics({ ...FACTS, purchases, year: 2025 });
    expect(result.rewardShop).toEqual({
      previousMonth: { itemsRedeemed: 1, pointsSpent: 7 },
      thisMonth: { itemsRedeemed: 2, pointsSpent: 24 },
    });
    expect(shopMonthsOf(2025, '2026-03-10')).toEqual({
      previousMonth: { year: 2025, month: 11 },
      thisMonth: { year: 2025, month: 12 },
    });
    expect(shopMonthsOf(2026, '2026-03-10')).toEqual({
      previousMonth: { year: 2026, month: 2 },
      thisMonth: { year: 2026, month: 3 },
    });
  });

  it("names the account's first year: its creation or its earliest data, whichever is first", () => {
    const empty = { habits: [], completions: [], purchases: [], weekStart: 0 as const };
    expect(firstYearOf({ ...empty, today: '2026-03-10' })).toBe(2026);
    expect(firstYearOf({ ...empty, today: '2026-03-10', accountCreatedOn: '2024-12-31' })).toBe(
      2024,
    );
    // FACTS back-fill a completion in December 2025.
    expect(overview(2026).firstYear).toBe(2025);
    expect(
      firstYearOf({
        ...empty,
        today: '2026-03-10',
        accountCreatedOn: '2026-01-02',
        purchases: [{ purchasedOn: '2023-06-01', rewardCost: 5 }],
      }),
    ).toBe(2023);
  });

  it('takes December of the year before as the month before January', () => {
    expect(overview(2026, '2026-01-15').rewardShop).toEqual({
      previousMonth: { itemsRedeemed: 1, pointsSpent: 500 },
      thisMonth: { itemsRedeemed: 0, pointsSpent: 0 },
    });
  });

  it('is all zeros without data', () => {
    expect(
      overviewAnalytics({
        habits: [],
        completions: [],
        purchases: [],
        today: '2026-03-10',
        weekStart: 0,
        year: 2026,
      }),
    ).toEqual({
      year: 2026,
      totalXpAllTime: 0,
      xpThisYear: 0,
      completionsThisYear: 0,
      bestMonth: null,
      averageCompletionRate: 0,
      monthlyXp: Array.from({ length: 12 }, (_, index) => ({
        month: index + 1,
        xp: 0,
        completions: 0,
      })),
      rewardShop: {
        previousMonth: { itemsRedeemed: 0, pointsSpent: 0 },
        thisMonth: { itemsRedeemed: 0, pointsSpent: 0 },
      },
      firstYear: 2026,
    });
  });

  it('keeps its sums consistent with the months', () => {
    fc.assert(
      fc.property(randomFacts, fc.constantFrom(2025, 2026), (facts, year) => {
        const result = overviewAnalytics({ ...facts, purchases: [], year });
        const yearTotals = rangeTotals(facts.completions, {
          start: monthRange(year, 1).start,
          end: monthRange(year, 12).end,
        });
        expect(result.xpThisYear).toBe(yearTotals.xp);
        expect(result.completionsThisYear).toBe(yearTotals.completions);
        expect(result.averageCompletionRate).toBeGreaterThanOrEqual(0);
        expect(result.averageCompletionRate).toBeLessThanOrEqual(100);
        const maxXp = Math.max(...result.monthlyXp.map((entry) => entry.xp));
        expect(result.bestMonth?.xp ?? 0).toBe(maxXp);
      }),
    );
  });
});
