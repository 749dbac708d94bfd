import { describe, expect, it } from 'vitest';
import { firstScreenReads, yearRange } from './first-reads';

describe("the first screen's reads", () => {
  it('covers every week touching the year, for either week start', () => {
    // 1 January 2026 is a Thursday; 31 December 2026 too.
    expect(yearRange(2026, 0)).toEqual({ from: '2025-12-28', to: '2027-01-02' });
    expect(yearRange(2026, 1)).toEqual({ from: '2025-12-29', to: '2027-01-03' });
    // 1 January 2023 is a Sunday, and so is 31 December: each starts a Sunday week.
    expect(yearRange(2023, 0)).toEqual({ from: '2023-01-01', to: '2024-01-06' });
  });

  it("names the session, the user, habits, categories, the rest history and today's year window", () => {
    expect(firstScreenReads('2027-01-01', 1)).toEqual([
      '/api/auth/get-session',
      '/api/me',
      '/api/habits',
      '/api/categories',
      '/api/completions/columns?from=2026-12-28&to=2028-01-02',
      '/api/skips?from=2026-12-28&to=2028-01-02',
      '/api/rest/history',
    ]);
  });
});
