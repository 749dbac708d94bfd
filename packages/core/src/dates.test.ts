import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  datesBetween,
  daysBetween,
  daysInMonth,
  fromEpochDay,
  isLocalDate,
  isTimeZone,
  localDateOf,
  maxDate,
  minDate,
  parseLocalDate,
  toEpochDay,
  weekdayOf,
  zonedTime,
} from './dates';

const epochDays = fc.integer({ min: -200_000, max: 2_900_000 });

describe('local dates', () => {
  it('parses and validates calendar dates', () => {
    expect(parseLocalDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(isLocalDate('2024-02-29')).toBe(true);
    expect(isLocalDate('2023-02-29')).toBe(false);
    expect(isLocalDate('2026-13-01')).toBe(false);
    expect(isLocalDate('2026-1-01')).toBe(false);
    expect(isLocalDate(20260101)).toBe(false);
    expect(() => parseLocalDate('nope')).toThrow(RangeError);
  });

  it('knows month lengths and leap years', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
  });

  it('does day arithmetic across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2026-01-01', '2026-12-31')).toBe(364);
    expect(weekdayOf('2026-11-22')).toBe(0); // a Sunday
    expect(weekdayOf('1970-01-01')).toBe(4);
    expect(datesBetween('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(datesBetween('2026-03-02', '2026-03-01')).toEqual([]);
    expect(minDate('2026-01-02', '2026-01-01')).toBe('2026-01-01');
    expect(maxDate('2026-01-02', '2026-01-01')).toBe('2026-01-02');
  });

  it('round-trips epoch days and keeps weekdays cycling', () => {
    fc.assert(
      fc.property(epochDays, (day) => {
        const date = fromEpochDay(day);
        expect(isLocalDate(date)).toBe(true);
        expect(toEpochDay(date)).toBe(day);
        expect((weekdayOf(addDays(date, 1)) - weekdayOf(date) + 7) % 7).toBe(1);
      }),
    );
  });
});

describe('time zones', () => {
  it('reads the wall clock of an instant in a zone', () => {
    const instant = Date.UTC(2026, 10, 22, 3, 30); // 03:30 UTC
    expect(localDateOf(instant, 'UTC')).toBe('2026-11-22');
    expect(localDateOf(instant, 'America/New_York')).toBe('2026-11-21');
    expect(zonedTime(instant, 'Asia/Tokyo')).toEqual({
      date: '2026-11-22',
      hour: 12,
      minute: 30,
      second: 0,
    });
  });

  it('gives the same date as the wall clock for any instants, asked in any order', () => {
    const zones = Intl.supportedValuesOf('timeZone');
    // Around each local midnight of a year, a second apart, and anywhere in 1900–2100.
    const nearMidnight = fc
      .tuple(fc.integer({ min: 0, max: 365 }), fc.integer({ min: -14 * 3600, max: 14 * 3600 }))
      .map(([day, offset]) => Date.UTC(2026, 0, 1 + day) + offset * 1000);
    const anywhere = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) });
    const instant = fc.oneof(nearMidnight, anywhere);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...zones), instant, fc.integer({ min: 0, max: 999 })), {
          maxLength: 40,
        }),
        (asks) => {
          for (const [zone, at, ms] of asks) {
            // The same second asked twice, at two moments within it: the second may be cached.
            for (const moment of [at, Math.floor(at / 1000) * 1000 + ms]) {
              expect(localDateOf(moment, zone)).toBe(zonedTime(moment, zone).date);
              expect(localDateOf(new Date(moment), zone)).toBe(zonedTime(moment, zone).date);
            }
          }
        },
      ),
    );
  });

  it('validates IANA zone names', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(5)).toBe(false);
  });
});
