import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canGoToNextMonth,
  canGoToNextYear,
  canGoToPreviousMonth,
  canGoToPreviousYear,
  monthOf,
  nextMonth,
  previousMonth,
  type YearMonth,
} from './navigation';
import { fromEpochDay } from '../dates';

const months = fc.record({
  year: fc.integer({ min: 1971, max: 2100 }),
  month: fc.integer({ min: 1, max: 12 }),
});
const dates = fc.integer({ min: 0, max: 47_000 }).map(fromEpochDay); // 1970 … 2098

const ordinal = ({ year, month }: YearMonth): number => year * 12 + month;

describe('month arithmetic', () => {
  it('steps within a year', () => {
    expect(previousMonth({ year: 2026, month: 3 })).toEqual({ year: 2026, month: 2 });
    expect(nextMonth({ year: 2026, month: 3 })).toEqual({ year: 2026, month: 4 });
  });

  it('crosses year ends', () => {
    expect(previousMonth({ year: 2026, month: 1 })).toEqual({ year: 2025, month: 12 });
    expect(nextMonth({ year: 2025, month: 12 })).toEqual({ year: 2026, month: 1 });
  });

  it('reads the month of a date', () => {
    expect(monthOf('2026-03-10')).toEqual({ year: 2026, month: 3 });
  });

  it('moves by exactly one month and back', () => {
    fc.assert(
      fc.property(months, (month) => {
        expect(ordinal(nextMonth(month)) - ordinal(month)).toBe(1);
        expect(ordinal(month) - ordinal(previousMonth(month))).toBe(1);
        expect(previousMonth(nextMonth(month))).toEqual(month);
        expect(nextMonth(previousMonth(month))).toEqual(month);
      }),
    );
  });
});

describe('navigation bounds', () => {
  const today = '2026-03-10';

  it('allows next year only before the current year', () => {
    expect(canGoToNextYear(2025, today)).toBe(true);
    expect(canGoToNextYear(2026, today)).toBe(false);
    expect(canGoToNextYear(2027, today)).toBe(false);
  });

  it('allows next month only before the current month', () => {
    expect(canGoToNextMonth(2026, 2, today)).toBe(true);
    expect(canGoToNextMonth(2026, 3, today)).toBe(false);
    expect(canGoToNextMonth(2026, 4, today)).toBe(false);
    expect(canGoToNextMonth(2025, 12, today)).toBe(true);
    expect(canGoToNextMonth(2027, 1, today)).toBe(false);
  });

  it('stops next month at December of last year when today is in January', () => {
    expect(canGoToNextMonth(2025, 12, '2026-01-01')).toBe(true);
    expect(canGoToNextMonth(2026, 1, '2026-01-01')).toBe(false);
  });

  it('never lets next go past the current month or year', () => {
    fc.assert(
      fc.property(months, dates, (month, date) => {
        const current = monthOf(date);
        expect(canGoToNextMonth(month.year, month.month, date)).toBe(
          ordinal(nextMonth(month)) <= ordinal(current),
        );
        expect(canGoToNextYear(month.year, date)).toBe(month.year + 1 <= current.year);
      }),
    );
  });
});

describe('previous year', () => {
  it("stops at the account's first year", () => {
    expect(canGoToPreviousYear(2026, 2024)).toBe(true);
    expect(canGoToPreviousYear(2025, 2024)).toBe(true);
    expect(canGoToPreviousYear(2024, 2024)).toBe(false);
    expect(canGoToPreviousYear(2023, 2024)).toBe(false);
  });
});

describe('previous month', () => {
  it("stops at the January of the account's first year", () => {
    expect(canGoToPreviousMonth(2025, 1, 2024)).toBe(true);
    expect(canGoToPreviousMonth(2024, 2, 2024)).toBe(true);
    expect(canGoToPreviousMonth(2024, 1, 2024)).toBe(false);
    expect(canGoToPreviousMonth(2023, 12, 2024)).toBe(false);
  });
});
