import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, datesBetween, fromEpochDay, toEpochDay } from './dates';
import {
  FREQUENCIES,
  isoWeekOf,
  isPeriodKey,
  isSamePeriod,
  nextPeriodKey,
  periodIndex,
  periodIndexOf,
  periodKey,
  periodRange,
  periodRangeOf,
  previousPeriodKey,
  toWeekStart,
  weekStartOf,
  type WeekStart,
} from './periods';

const dates = fc.integer({ min: 0, max: 60_000 }).map(fromEpochDay); // 1970 … 2134
const weekStarts = fc.constantFrom<WeekStart>(0, 1, 2, 3, 4, 5, 6);
const frequencies = fc.constantFrom(...FREQUENCIES);

describe('period keys', () => {
  it('formats the spec keys', () => {
    expect(periodKey('2026-11-22', 'daily')).toBe('2026-11-22');
    expect(periodKey('2026-11-22', 'monthly')).toBe('2026-11');
    expect(periodKey('2026-11-22', 'yearly')).toBe('2026');
  });

  it('uses ISO weeks for Monday-start weeks', () => {
    expect(periodKey('2026-11-23', 'weekly', 1)).toBe('2026-W48'); // Monday
    expect(periodKey('2026-11-22', 'weekly', 1)).toBe('2026-W47'); // Sunday closes W47
    expect(periodKey('2021-01-03', 'weekly', 1)).toBe('2020-W53');
    expect(periodKey('2024-12-30', 'weekly', 1)).toBe('2025-W01');
  });

  it('puts a Sunday into the week it starts (default week start)', () => {
    expect(periodKey('2026-11-22', 'weekly')).toBe('2026-W48');
    expect(periodKey('2026-11-28', 'weekly')).toBe('2026-W48'); // Saturday
    expect(periodKey('2026-11-29', 'weekly')).toBe('2026-W49');
    expect(periodRange('2026-W48', 'weekly')).toEqual({ start: '2026-11-22', end: '2026-11-28' });
    expect(periodRange('2026-W48', 'weekly', 1)).toEqual({
      start: '2026-11-23',
      end: '2026-11-29',
    });
  });

  it('matches ISO week numbering on known dates', () => {
    expect(isoWeekOf('2026-01-01')).toEqual({ year: 2026, week: 1 });
    expect(isoWeekOf('2027-01-01')).toEqual({ year: 2026, week: 53 });
    expect(isoWeekOf('2008-12-29')).toEqual({ year: 2009, week: 1 });
  });

  it('gives ranges for every frequency', () => {
    expect(periodRange('2024-02', 'monthly')).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(periodRange('2026', 'yearly')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
    expect(periodRange('2026-11-22', 'daily')).toEqual({ start: '2026-11-22', end: '2026-11-22' });
    expect(periodRangeOf('2026-11-25', 'weekly')).toEqual({
      start: '2026-11-22',
      end: '2026-11-28',
    });
  });

  it('rejects malformed keys', () => {
    expect(isPeriodKey('2026-W54', 'weekly')).toBe(false);
    expect(isPeriodKey('2025-W53', 'weekly')).toBe(false); // 2025 has 52 ISO weeks
    expect(isPeriodKey('2026-W53', 'weekly')).toBe(true);
    expect(isPeriodKey('2026-13', 'monthly')).toBe(false);
    expect(isPeriodKey('2026-02-30', 'daily')).toBe(false);
    expect(isPeriodKey('26', 'yearly')).toBe(false);
    expect(isPeriodKey('2026', 'yearly')).toBe(true);
    expect(() => periodRange('x', 'monthly')).toThrow(RangeError);
    expect(() => periodRange('x', 'yearly')).toThrow(RangeError);
  });

  it('walks to neighbouring periods', () => {
    expect(previousPeriodKey('2026-01', 'monthly')).toBe('2025-12');
    expect(nextPeriodKey('2026-12', 'monthly')).toBe('2027-01');
    expect(previousPeriodKey('2026-W01', 'weekly')).toBe('2025-W52');
    expect(nextPeriodKey('2026-W53', 'weekly')).toBe('2027-W01');
    expect(previousPeriodKey('2026', 'yearly')).toBe('2025');
    expect(nextPeriodKey('2026-02-28', 'daily')).toBe('2026-03-01');
  });

  it('reads a stored week start, defaulting to Sunday', () => {
    expect(toWeekStart(1)).toBe(1);
    expect(toWeekStart(7)).toBe(0);
    expect(toWeekStart('1')).toBe(0);
    expect(toWeekStart(1.5)).toBe(0);
  });
});

describe('period invariants', () => {
  it('places every date in exactly one period whose range contains it', () => {
    fc.assert(
      fc.property(dates, frequencies, weekStarts, (date, frequency, weekStart) => {
        const key = periodKey(date, frequency, weekStart);
        const { start, end } = periodRange(key, frequency, weekStart);
        expect(start <= date && date <= end).toBe(true);
        expect(periodKey(start, frequency, weekStart)).toBe(key);
        expect(periodKey(end, frequency, weekStart)).toBe(key);
        expect(periodKey(addDays(start, -1), frequency, weekStart)).not.toBe(key);
        expect(periodKey(addDays(end, 1), frequency, weekStart)).not.toBe(key);
      }),
    );
  });

  it('makes weekly periods 7 days long, starting on the week start', () => {
    fc.assert(
      fc.property(dates, weekStarts, (date, weekStart) => {
        const { start, end } = periodRangeOf(date, 'weekly', weekStart);
        expect(toEpochDay(end) - toEpochDay(start)).toBe(6);
        expect(start).toBe(weekStartOf(date, weekStart));
        const keys = new Set(
          datesBetween(start, end).map((d) => periodKey(d, 'weekly', weekStart)),
        );
        expect(keys.size).toBe(1);
      }),
    );
  });

  it('sorts keys like their periods, and indexes consecutive periods by 1', () => {
    fc.assert(
      fc.property(dates, dates, frequencies, weekStarts, (a, b, frequency, weekStart) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        const earlyKey = periodKey(early, frequency, weekStart);
        const lateKey = periodKey(late, frequency, weekStart);
        expect(earlyKey <= lateKey).toBe(true);
        expect(isSamePeriod(early, late, frequency, weekStart)).toBe(earlyKey === lateKey);
        const next = nextPeriodKey(earlyKey, frequency, weekStart);
        expect(
          periodIndex(next, frequency, weekStart) - periodIndex(earlyKey, frequency, weekStart),
        ).toBe(1);
        expect(previousPeriodKey(next, frequency, weekStart)).toBe(earlyKey);
      }),
    );
  });
});

describe('period index of a date', () => {
  it('equals the index of the period key of that date', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -200_000, max: 200_000 }),
        fc.constantFrom(...FREQUENCIES),
        fc.constantFrom<WeekStart>(0, 1, 2, 3, 4, 5, 6),
        (day, frequency, weekStart) => {
          const date = fromEpochDay(day);
          expect(periodIndexOf(date, frequency, weekStart)).toBe(
            periodIndex(periodKey(date, frequency, weekStart), frequency, weekStart),
          );
        },
      ),
    );
  });
});
