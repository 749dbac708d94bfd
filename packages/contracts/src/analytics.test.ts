import { dailyAnalytics } from '@habitquest/core/analytics/daily';
import {
  CATEGORIES,
  FACTS,
  PURCHASES,
  randomFacts,
  TODAY,
} from '../../core/test/analytics-fixture';
import { monthlyAnalytics } from '@habitquest/core/analytics/monthly';
import { overviewAnalytics } from '@habitquest/core/analytics/overview';
import { weeklyAnalytics } from '@habitquest/core/analytics/weekly';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  zAnalyticsDayQuery,
  zAnalyticsMonthQuery,
  zAnalyticsQuery,
  zAnalyticsWeekQuery,
  zAnalyticsYearQuery,
  zDailyAnalytics,
  zMonthlyAnalytics,
  zOverviewAnalytics,
  zWeeklyAnalytics,
} from './analytics';

describe('zAnalyticsQuery', () => {
  it('coerces query strings to numbers', () => {
    expect(zAnalyticsQuery.parse({ year: '2024', month: '3' })).toEqual({ year: 2024, month: 3 });
    expect(zAnalyticsQuery.parse({ year: 2024 })).toEqual({ year: 2024 });
  });

  it('takes years 2000–9999 and months 1–12', () => {
    expect(zAnalyticsQuery.parse({ year: '2000', month: '1' })).toEqual({ year: 2000, month: 1 });
    expect(zAnalyticsQuery.parse({ year: '9999', month: '12' })).toEqual({ year: 9999, month: 12 });
    for (const query of [
      { year: '1999' },
      { year: '10000' },
      { year: '2024', month: '0' },
      { year: '2024', month: '13' },
      { year: '2024.5' },
      { year: '2024', month: '1.5' },
    ]) {
      expect(zAnalyticsQuery.safeParse(query).success).toBe(false);
    }
  });

  it('refuses missing, empty and non-numeric values', () => {
    for (const query of [
      {},
      { year: '' },
      { year: 'abc' },
      { year: 'NaN' },
      { year: 'Infinity' },
      { year: '2024', month: '' },
      { year: '2024', month: 'march' },
    ]) {
      expect(zAnalyticsQuery.safeParse(query).success).toBe(false);
    }
  });
});

describe('the per-view queries', () => {
  it('overview takes a year only', () => {
    expect(zAnalyticsYearQuery.parse({ year: '2026' })).toEqual({ year: 2026 });
    for (const query of [{}, { year: '1999' }, { year: 'x' }, { year: '2026', month: '3' }]) {
      expect(zAnalyticsYearQuery.safeParse(query).success).toBe(false);
    }
  });

  it('monthly needs both a year and a month', () => {
    expect(zAnalyticsMonthQuery.parse({ year: '2026', month: '12' })).toEqual({
      year: 2026,
      month: 12,
    });
    for (const query of [
      { year: '2026' },
      { month: '3' },
      { year: '2026', month: '0' },
      { year: '2026', month: '13' },
      { year: '2026', month: '3', extra: '1' },
    ]) {
      expect(zAnalyticsMonthQuery.safeParse(query).success).toBe(false);
    }
  });

  it('weekly and daily take an optional real date (today is the server’s default)', () => {
    expect(zAnalyticsWeekQuery.parse({})).toEqual({});
    expect(zAnalyticsWeekQuery.parse({ referenceDate: '2024-02-29' })).toEqual({
      referenceDate: '2024-02-29',
    });
    expect(zAnalyticsDayQuery.parse({})).toEqual({});
    expect(zAnalyticsDayQuery.parse({ date: '2026-03-10' })).toEqual({ date: '2026-03-10' });
    for (const value of ['2023-02-29', '2026-13-01', '2026-3-1', '', 'today', '2026-03-10T00:00']) {
      expect(zAnalyticsWeekQuery.safeParse({ referenceDate: value }).success).toBe(false);
      expect(zAnalyticsDayQuery.safeParse({ date: value }).success).toBe(false);
    }
    expect(zAnalyticsDayQuery.safeParse({ day: '2026-03-10' }).success).toBe(false);
  });
});

describe('the answers', () => {
  it("describe exactly what core computes for the fixture's data", () => {
    const overview = overviewAnalytics({ ...FACTS, purchases: PURCHASES, year: 2026 });
    expect(zOverviewAnalytics.parse(overview)).toEqual(overview);
    const monthly = monthlyAnalytics({ ...FACTS, categories: CATEGORIES, year: 2026, month: 3 });
    expect(zMonthlyAnalytics.parse(monthly)).toEqual(monthly);
    const weekly = weeklyAnalytics({ ...FACTS, referenceDate: TODAY });
    expect(zWeeklyAnalytics.parse(weekly)).toEqual(weekly);
    const daily = dailyAnalytics({ ...FACTS, date: TODAY });
    expect(zDailyAnalytics.parse(daily)).toEqual(daily);
  });

  it('accept whatever core computes for random data', () => {
    fc.assert(
      fc.property(randomFacts, (facts) => {
        const year = Number(facts.today.slice(0, 4));
        const month = Number(facts.today.slice(5, 7));
        const views = [
          zOverviewAnalytics.safeParse(overviewAnalytics({ ...facts, purchases: [], year })),
          zMonthlyAnalytics.safeParse(
            monthlyAnalytics({ ...facts, categories: CATEGORIES, year, month }),
          ),
          zWeeklyAnalytics.safeParse(weeklyAnalytics({ ...facts, referenceDate: facts.today })),
          zDailyAnalytics.safeParse(dailyAnalytics({ ...facts, date: facts.today })),
        ];
        expect(views.map((view) => view.success)).toEqual([true, true, true, true]);
      }),
      { numRuns: 50 },
    );
  });

  it('refuse a malformed answer', () => {
    const daily = dailyAnalytics({ ...FACTS, date: TODAY });
    expect(zDailyAnalytics.safeParse({ ...daily, completionRate: 101 }).success).toBe(false);
    expect(zDailyAnalytics.safeParse({ ...daily, date: '2026-02-30' }).success).toBe(false);
    const weekly = weeklyAnalytics({ ...FACTS, referenceDate: TODAY });
    expect(
      zWeeklyAnalytics.safeParse({ ...weekly, improvement: { completions: 1, xp: 1 } }).success,
    ).toBe(false);
  });
});
