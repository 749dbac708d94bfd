import { describe, expect, it } from 'vitest';
import { addDays } from '@habitquest/core/dates';
import { weekStartOf } from '@habitquest/core/periods';
import { firstScreenReads, yearRange } from './first-reads';

describe("the first screen's reads", () => {
  it('covers every week touching the year, whatever day weeks start on', () => {
    expect(yearRange(2026)).toEqual({ from: '2025-12-26', to: '2027-01-06' });
    // A leap year: 378 days.
    expect(yearRange(2028)).toEqual({ from: '2027-12-26', to: '2029-01-06' });
    for (const year of [2023, 2026, 2028]) {
      const { from, to } = yearRange(year);
      for (const weekStart of [0, 1, 2, 3, 4, 5, 6] as const) {
        // The week holding 1 January starts inside it, the week holding 31 December ends inside.
        expect(weekStartOf(`${String(year)}-01-01`, weekStart) >= from).toBe(true);
        expect(addDays(weekStartOf(`${String(year)}-12-31`, weekStart), 6) <= to).toBe(true);
      }
    }
  });

  it("names the session, the user, habits, categories, the rest history and today's year window", () => {
    expect(firstScreenReads('2027-01-01')).toEqual([
      '/api/auth/get-session',
      '/api/me',
      '/api/habits',
      '/api/categories',
      '/api/completions/columns?from=2026-12-26&to=2028-01-06',
      '/api/skips?from=2026-12-26&to=2028-01-06',
      '/api/rest/history',
    ]);
  });
});
