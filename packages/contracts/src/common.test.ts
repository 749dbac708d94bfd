import { fromEpochDay, toEpochDay } from '@habitquest/core/dates';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hasAnyField,
  zFrequency,
  zHexColor,
  zId,
  zInstant,
  zIntBetween,
  zLocalDate,
  zName,
  zNullableText,
  zTimeZone,
  zWeekStart,
} from './common';

const UUID = '0b7e4c52-4c55-4f4e-9a55-2b1f6f1d3a10';

describe('zLocalDate', () => {
  it('accepts real calendar dates, leap days included', () => {
    expect(zLocalDate.parse('2024-02-29')).toBe('2024-02-29');
    expect(zLocalDate.parse('2000-01-01')).toBe('2000-01-01');
  });

  it.each([
    '2023-02-29',
    '2024-13-01',
    '2024-04-31',
    '2024-2-1',
    '24-01-01',
    '2024-01-01T00:00Z',
    '',
    // Real dates outside the years the server accepts (they used to pass and then fail with 500).
    '0000-01-01',
    '1899-12-31',
    '2201-01-01',
    '9999-12-31',
  ])('rejects %j', (value) => {
    const result = zLocalDate.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'The date must be a real date from 1900-01-01 to 2200-12-31 (YYYY-MM-DD)',
    );
  });

  it('accepts the first and the last day of the supported years', () => {
    expect(zLocalDate.parse('1900-01-01')).toBe('1900-01-01');
    expect(zLocalDate.parse('2200-12-31')).toBe('2200-12-31');
  });

  it('rejects non-strings', () => {
    for (const value of [20240101, null, undefined, Number.NaN, new Date(0)]) {
      expect(zLocalDate.safeParse(value).success).toBe(false);
    }
  });

  it('accepts every date core can produce in the supported years, and no other', () => {
    const first = toEpochDay('1900-01-01');
    const last = toEpochDay('2200-12-31');
    fc.assert(
      fc.property(fc.integer({ min: -200_000, max: 2_000_000 }), (day) => {
        const isInside = day >= first && day <= last;
        expect(zLocalDate.safeParse(fromEpochDay(day)).success).toBe(isInside);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: first, max: last }), (day) => {
        expect(zLocalDate.safeParse(fromEpochDay(day)).success).toBe(true);
      }),
    );
  });
});

describe('zId', () => {
  it('accepts a UUID and rejects anything else', () => {
    expect(zId.parse(UUID)).toBe(UUID);
    expect(zId.safeParse('123').success).toBe(false);
    expect(zId.safeParse(`${UUID}x`).success).toBe(false);
    expect(zId.safeParse(42).success).toBe(false);
    expect(zId.safeParse('x'.repeat(10_000)).success).toBe(false);
  });
});

describe('zInstant', () => {
  it('accepts what Date#toISOString writes and offsets, not bare dates', () => {
    expect(zInstant.safeParse(new Date(Date.UTC(2024, 0, 2, 3, 4, 5)).toISOString()).success).toBe(
      true,
    );
    expect(zInstant.safeParse('2024-01-02T03:04:05+08:00').success).toBe(true);
    expect(zInstant.safeParse('2024-01-02').success).toBe(false);
  });
});

describe('zHexColor', () => {
  it('accepts #rrggbb in either case', () => {
    expect(zHexColor.parse('#10b981')).toBe('#10b981');
    expect(zHexColor.parse('#6B7280')).toBe('#6B7280');
  });

  it.each(['10b981', '#fff', '#10b98180', '#zzzzzz', 'red', ''])('rejects %j', (value) => {
    expect(zHexColor.safeParse(value).success).toBe(false);
  });
});

describe('zTimeZone', () => {
  it('accepts IANA zones the runtime knows', () => {
    expect(zTimeZone.parse('Asia/Manila')).toBe('Asia/Manila');
    expect(zTimeZone.parse('UTC')).toBe('UTC');
  });

  it('rejects unknown, empty and oversized zones', () => {
    for (const value of ['Mars/Olympus_Mons', '', 'A'.repeat(100), 7]) {
      expect(zTimeZone.safeParse(value).success).toBe(false);
    }
  });
});

describe('zFrequency and zWeekStart', () => {
  it('accept exactly the four frequencies', () => {
    expect(zFrequency.options).toEqual(['daily', 'weekly', 'monthly', 'yearly']);
    expect(zFrequency.safeParse('hourly').success).toBe(false);
    expect(zFrequency.safeParse('Daily').success).toBe(false);
  });

  it('accept week starts 0–6 only', () => {
    for (let day = 0; day <= 6; day += 1) expect(zWeekStart.parse(day)).toBe(day);
    for (const value of [-1, 7, 1.5, '1', Number.NaN, null]) {
      expect(zWeekStart.safeParse(value).success).toBe(false);
    }
  });
});

describe('text helpers', () => {
  it('zNullableText trims, turns blank into null and bounds the length', () => {
    const text = zNullableText(5);
    expect(text.parse('  hi  ')).toBe('hi');
    expect(text.parse('   ')).toBeNull();
    expect(text.parse('')).toBeNull();
    expect(text.parse(null)).toBeNull();
    expect(text.safeParse('123456').success).toBe(false);
    expect(text.safeParse(5).success).toBe(false);
  });

  it('zName trims and names the field in its messages', () => {
    const name = zName('Title', 3);
    expect(name.parse(' ab ')).toBe('ab');
    expect(name.safeParse('  ').error?.issues[0]?.message).toBe('Title is required');
    expect(name.safeParse('abcd').error?.issues[0]?.message).toBe(
      'Title must be at most 3 characters',
    );
  });

  it('zName refuses invisible names and keeps one form of each name', () => {
    const name = zName('Name', 30);
    for (const blank of ['\u200b', '\u2060\u200d', ' \u200b\ufeff '])
      expect(name.safeParse(blank).error?.issues[0]?.message).toBe('Name is required');
    // "CAFÉ" typed as É or as E and a combining accent is one name.
    expect(name.parse('CAFE\u0301')).toBe('CAF\u00c9');
    expect(name.parse('Uncategorized Habits\u200b')).toBe('Uncategorized Habits');
    // A joiner inside an emoji stays.
    const family = '\u{1F468}\u200d\u{1F469}\u200d\u{1F467} Dinner';
    expect(name.parse(family)).toBe(family);
  });

  it('zIntBetween accepts exactly the whole numbers in range', () => {
    const schema = zIntBetween(1, 100);
    fc.assert(
      fc.property(fc.double(), (value) => {
        const isValid = Number.isInteger(value) && value >= 1 && value <= 100;
        expect(schema.safeParse(value).success).toBe(isValid);
      }),
    );
    expect(schema.safeParse(Number.NaN).success).toBe(false);
    expect(schema.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
  });

  it('hasAnyField ignores undefined values', () => {
    expect(hasAnyField({})).toBe(false);
    expect(hasAnyField({ a: undefined })).toBe(false);
    expect(hasAnyField({ a: null })).toBe(true);
    expect(hasAnyField({ a: false })).toBe(true);
  });
});
