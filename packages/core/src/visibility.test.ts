import { describe, expect, it } from 'vitest';
import { completionEligibility, isVisibleOn, type Schedule } from './visibility';

const specific = (frequency: Schedule['frequency'], specificDate: string): Schedule => ({
  frequency,
  isRecurring: false,
  specificDate,
});

describe('visibility', () => {
  it('shows recurring habits and Specific habits without a date every day', () => {
    expect(
      isVisibleOn({ frequency: 'daily', isRecurring: true, specificDate: null }, '2026-01-01', 0),
    ).toBe(true);
    expect(
      isVisibleOn({ frequency: 'weekly', isRecurring: false, specificDate: null }, '2030-06-01', 0),
    ).toBe(true);
  });

  it('shows a Specific habit only within the period of its date', () => {
    expect(isVisibleOn(specific('daily', '2026-11-22'), '2026-11-22', 0)).toBe(true);
    expect(isVisibleOn(specific('daily', '2026-11-22'), '2026-11-23', 0)).toBe(false);
    // Sunday-start week of 2026-11-22 … 2026-11-28
    expect(isVisibleOn(specific('weekly', '2026-11-25'), '2026-11-22', 0)).toBe(true);
    expect(isVisibleOn(specific('weekly', '2026-11-25'), '2026-11-29', 0)).toBe(false);
    // Monday-start: Sunday 22nd belongs to the previous week
    expect(isVisibleOn(specific('weekly', '2026-11-25'), '2026-11-22', 1)).toBe(false);
    expect(isVisibleOn(specific('monthly', '2026-11-02'), '2026-11-30', 0)).toBe(true);
    expect(isVisibleOn(specific('monthly', '2026-11-02'), '2025-11-02', 0)).toBe(false);
  });

  it('shows a Specific yearly habit only in its own year (docs/decisions.md)', () => {
    expect(isVisibleOn(specific('yearly', '2026-03-01'), '2026-12-31', 0)).toBe(true);
    expect(isVisibleOn(specific('yearly', '2026-03-01'), '2027-03-01', 0)).toBe(false);
  });
});

describe('completion eligibility', () => {
  const daily: Schedule = { frequency: 'daily', isRecurring: true, specificDate: null };

  it('allows today and past dates', () => {
    expect(completionEligibility(daily, '2026-11-22', '2026-11-22', 0)).toEqual({ ok: true });
    expect(completionEligibility(daily, '2025-01-01', '2026-11-22', 0)).toEqual({ ok: true });
  });

  it('refuses a future date', () => {
    expect(completionEligibility(daily, '2026-11-23', '2026-11-22', 0)).toEqual({
      ok: false,
      reason: 'future',
    });
  });

  it('refuses a date on which the habit is not visible', () => {
    expect(
      completionEligibility(specific('daily', '2026-11-20'), '2026-11-21', '2026-11-22', 0),
    ).toEqual({
      ok: false,
      reason: 'not-visible',
    });
  });
});
