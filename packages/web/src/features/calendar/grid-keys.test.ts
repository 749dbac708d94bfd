import { describe, expect, it } from 'vitest';
import { dateForKey, shiftMonths } from './grid-keys';

describe('the calendar grid keys', () => {
  it('move by day and by week', () => {
    expect(dateForKey('2026-11-30', 'ArrowRight', false, 0)).toBe('2026-12-01');
    expect(dateForKey('2026-01-01', 'ArrowLeft', false, 0)).toBe('2025-12-31');
    expect(dateForKey('2026-11-23', 'ArrowDown', false, 0)).toBe('2026-11-30');
    expect(dateForKey('2026-11-23', 'ArrowUp', false, 0)).toBe('2026-11-16');
  });

  it('go to the first and last day of the week, by the week start', () => {
    // 2026-11-25 is a Wednesday.
    expect(dateForKey('2026-11-25', 'Home', false, 0)).toBe('2026-11-22');
    expect(dateForKey('2026-11-25', 'End', false, 0)).toBe('2026-11-28');
    expect(dateForKey('2026-11-25', 'Home', false, 1)).toBe('2026-11-23');
    expect(dateForKey('2026-11-25', 'End', false, 1)).toBe('2026-11-29');
  });

  it('page by month, with Shift by year, keeping the day where the month has it', () => {
    expect(dateForKey('2026-01-31', 'PageDown', false, 0)).toBe('2026-02-28');
    expect(dateForKey('2026-03-15', 'PageUp', false, 0)).toBe('2026-02-15');
    expect(dateForKey('2024-02-29', 'PageDown', true, 0)).toBe('2025-02-28');
    expect(shiftMonths('2026-12-10', 1)).toBe('2027-01-10');
    expect(shiftMonths('2026-01-10', -1)).toBe('2025-12-10');
  });

  it('leave other keys alone', () => {
    expect(dateForKey('2026-11-25', 'Enter', false, 0)).toBeNull();
    expect(dateForKey('2026-11-25', 'a', false, 0)).toBeNull();
  });
});
