import { describe, expect, it } from 'vitest';
import { zAnalyticsQuery } from './analytics';

describe('zAnalyticsQuery', () => {
  it('coerces query strings to numbers', () => {
    expect(zAnalyticsQuery.parse({ year: '2024', month: '3' })).toEqual({ year: 2024, month: 3 });
    expect(zAnalyticsQuery.parse({ year: 2024 })).toEqual({ year: 2024 });
  });

  it('takes years 2000–9999 and months 1–12', () => {
    expect(zAnalyticsQuery.parse({ year: '2000', month: '1' })).toEqual({ year: 2000, month: 1 });
    expect(zAnalyticsQuery.parse({ year: '9999', month: '12' })).toEqual({ year: 9999, month: 12 });
    for (const query of [
      { year: '1999' },
      { year: '10000' },
      { year: '2024', month: '0' },
      { year: '2024', month: '13' },
      { year: '2024.5' },
      { year: '2024', month: '1.5' },
    ]) {
      expect(zAnalyticsQuery.safeParse(query).success).toBe(false);
    }
  });

  it('refuses missing, empty and non-numeric values', () => {
    for (const query of [
      {},
      { year: '' },
      { year: 'abc' },
      { year: 'NaN' },
      { year: 'Infinity' },
      { year: '2024', month: '' },
      { year: '2024', month: 'march' },
    ]) {
      expect(zAnalyticsQuery.safeParse(query).success).toBe(false);
    }
  });
});
