import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FACTS, randomFacts } from '../../test/analytics-fixture';
import { weeklyAnalytics } from './weekly';
import { WEEKDAY_LABELS } from './tally';
import { addDays, fromEpochDay, weekdayOf } from '../dates';
import { rateBand } from '../stats';

const weekly = (referenceDate: string) => weeklyAnalytics({ ...FACTS, referenceDate });

describe('weekly', () => {
  it('compares this week with the one before', () => {
    const result = weekly('2026-03-10');
    expect(result.thisWeek).toEqual({
      start: '2026-03-08',
      end: '2026-03-14',
      completions: 2,
      xp: 40,
    });
    expect(result.previousWeek).toEqual({
      start: '2026-03-01',
      end: '2026-03-07',
      completions: 4,
      xp: 100,
    });
    expect(result.improvement).toEqual({ completions: -2, xp: -60, completionsPercent: -50 });
  });

  it('reports growth from a week with completions', () => {
    // The week before Sun 2026-03-01 had only Budget on the 27th.
    expect(weekly('2026-03-01').improvement).toEqual({
      completions: 3,
      xp: 50,
      completionsPercent: 300,
    });
  });

  it('has no percent change when the previous week was empty', () => {
    expect(weekly('2026-02-11').improvement).toEqual({
      completions: 0,
      xp: 0,
      completionsPercent: null,
    });
  });

  it('draws seven bars coloured 70/40, future days empty', () => {
    const { days } = weekly('2026-03-10');
    expect(days.map((day) => day.weekday)).toEqual([
      'Sun',
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
    ]);
    expect(days[0]).toEqual({
      date: '2026-03-08',
      weekday: 'Sun',
      completed: 2,
      total: 3,
      rate: 67,
      completions: 0,
      xp: 0,
      isFuture: false,
      band: 'amber',
    });
    expect(days[2]).toMatchObject({
      date: '2026-03-10',
      rate: 100,
      band: 'green',
      isFuture: false,
    });
    expect(days[3]).toMatchObject({
      date: '2026-03-11',
      total: 0,
      rate: 0,
      band: 'red',
      isFuture: true,
    });
  });

  it('spans a year boundary and respects creation dates', () => {
    const result = weekly('2026-01-01');
    expect(result.thisWeek).toEqual({
      start: '2025-12-28',
      end: '2026-01-03',
      completions: 5,
      xp: 70,
    });
    expect(result.improvement.completionsPercent).toBeNull();
    // Sun 12-28: Budget, and Gym, added on Thursday and done for this week on Saturday; Thu
    // 01-01: Read, Gym and Budget, all done.
    expect(result.days[0]).toMatchObject({ completed: 2, total: 2, band: 'green' });
    expect(result.days[4]).toMatchObject({ date: '2026-01-01', completed: 3, total: 3 });
  });

  it('follows the week start', () => {
    const result = weeklyAnalytics({ ...FACTS, weekStart: 1, referenceDate: '2026-03-10' });
    expect(result.thisWeek).toMatchObject({
      start: '2026-03-09',
      end: '2026-03-15',
      completions: 2,
    });
    expect(result.previousWeek).toMatchObject({ start: '2026-03-02', completions: 3, xp: 90 });
    expect(result.improvement.completionsPercent).toBe(-33);
    expect(result.days.map((day) => day.weekday)).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
  });

  it('is all zeros without data', () => {
    const result = weeklyAnalytics({
      habits: [],
      completions: [],
      today: '2026-03-10',
      weekStart: 0,
      referenceDate: '2026-03-10',
    });
    expect(result.improvement).toEqual({ completions: 0, xp: 0, completionsPercent: null });
    expect(result.days.every((day) => day.total === 0 && day.band === 'red')).toBe(true);
  });

  it('always has seven consecutive days from the week start around the reference date', () => {
    fc.assert(
      fc.property(randomFacts, fc.integer({ min: 0, max: 420 }), (facts, offset) => {
        const referenceDate = fromEpochDay(20_240 + offset); // 2025-06-01 onwards
        const result = weeklyAnalytics({ ...facts, referenceDate });
        expect(result.days).toHaveLength(7);
        expect(weekdayOf(result.thisWeek.start)).toBe(facts.weekStart);
        expect(result.days.map((day) => day.date)).toContain(referenceDate);
        expect(result.previousWeek.end).toBe(addDays(result.thisWeek.start, -1));
        result.days.forEach((day, index) => {
          expect(day.date).toBe(addDays(result.thisWeek.start, index));
          expect(day.weekday).toBe(WEEKDAY_LABELS[weekdayOf(day.date)]);
          expect(day.band).toBe(rateBand(day.rate));
          expect(day.rate).toBeGreaterThanOrEqual(0);
          expect(day.rate).toBeLessThanOrEqual(100);
        });
        expect(result.thisWeek.completions).toBe(
          result.days.reduce((sum, d) => sum + d.completions, 0),
        );
        expect(result.improvement.xp).toBe(result.thisWeek.xp - result.previousWeek.xp);
      }),
    );
  });
});
