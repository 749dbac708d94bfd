import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatDate,
  formatInstant,
  formatMonth,
  formatNumber,
  LOCALE,
} from './format';

describe('formatting in the browser’s language', () => {
  it('writes dates in each style of the app (en-US here)', () => {
    expect(LOCALE).toBe('en-US');
    expect(formatDate('2026-11-23', 'full')).toBe('Monday, November 23, 2026');
    expect(formatDate('2026-11-23', 'monthYear')).toBe('November 2026');
    expect(formatDate('2026-11-23', 'weekdayShort')).toBe('Mon, Nov 23');
    expect(formatDate('2025-11-23', 'weekdayShortWithYear')).toBe('Sun, Nov 23, 2025');
    expect(formatDate('2026-06-14', 'monthDay')).toBe('Jun 14');
    expect(formatMonth(2026, 2)).toBe('February 2026');
  });

  it('keeps a calendar date on its day whatever the process time zone', () => {
    // Noon UTC, written in UTC: Kiritimati (+14) and Baker Island (−12) see the same day.
    expect(formatDate('2026-01-01', 'monthDay')).toBe('Jan 1');
    expect(formatDate('2026-12-31', 'monthDay')).toBe('Dec 31');
  });

  it('groups numbers and writes a moment in the user’s zone', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(-40)).toBe('-40');
    expect([12_000, 12_500, 999_949, 1_250_000].map(formatCompact)).toEqual([
      '12K',
      '12.5K',
      '999.9K',
      '1.3M',
    ]);
    const instant = new Date('2026-03-03T21:05:00Z');
    expect(formatInstant(instant, 'UTC')).toBe('Mar 3, 2026, 9:05 PM');
    expect(formatInstant(instant, 'Asia/Tokyo')).toBe('Mar 4, 2026, 6:05 AM');
  });
});
