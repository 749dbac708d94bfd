import { weekdayOf } from '@habitquest/core/dates';
import { describe, expect, it } from 'vitest';
import { monthGrid } from './Calendar';

describe('the month grid', () => {
  it('pads November 2026 to full Sunday-start weeks', () => {
    const grid = monthGrid({ year: 2026, month: 11 }, 0);
    expect(grid).toHaveLength(35);
    expect(grid[0]).toBe('2026-11-01'); // a Sunday
    expect(grid.at(-1)).toBe('2026-12-05');
  });

  it('follows a Monday week start', () => {
    const grid = monthGrid({ year: 2026, month: 11 }, 1);
    expect(grid[0]).toBe('2026-10-26');
    expect(grid.at(-1)).toBe('2026-12-06');
  });

  it('always holds whole weeks starting on the week start, with every day of the month', () => {
    for (let month = 1; month <= 12; month += 1) {
      for (const weekStart of [0, 1, 6] as const) {
        const grid = monthGrid({ year: 2027, month }, weekStart);
        expect(grid.length % 7).toBe(0);
        expect(weekdayOf(grid[0] ?? '')).toBe(weekStart);
        expect(
          grid.filter((date) => date.startsWith(`2027-${String(month).padStart(2, '0')}`)).length,
        ).toBeGreaterThanOrEqual(28);
      }
    }
  });
});
