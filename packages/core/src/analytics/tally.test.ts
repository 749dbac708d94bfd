import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUDGET,
  COMPLETIONS,
  FACTS,
  GYM,
  READ,
  TODAY,
  randomFacts,
} from '../../test/analytics-fixture';
import {
  dayBar,
  habitInstances,
  isInRange,
  monthRange,
  rangeTotals,
  scheduledTally,
  weekdayLabel,
} from './tally';
import { addDays } from '../dates';
import { completedKeysByHabit, dayInsights } from '../stats';

const keysByHabit = completedKeysByHabit(COMPLETIONS);
const march = monthRange(2026, 3);

function instances(habit: typeof READ, range: { start: string; end: string }, today = TODAY) {
  const completedKeys = keysByHabit.get(habit.id) ?? new Set<string>();
  return habitInstances({ habit, completedKeys, range, today, weekStart: 0 });
}

describe('scheduled instances', () => {
  it('counts one instance per period, clipped to today', () => {
    expect(instances(READ, march)).toEqual({ completed: 3, total: 10 }); // 03-01 … 03-10
    expect(instances(GYM, march)).toEqual({ completed: 2, total: 2 }); // weeks of 03-01, 03-08
    expect(instances(BUDGET, march)).toEqual({ completed: 1, total: 1 });
  });

  it('clips to the day the habit was created', () => {
    // Read was created 2025-12-30: two days of December. Gym was created on Thu 2026-01-01 and
    // done on the 3rd, for the week of Sun 2025-12-28: that done week counts in December too.
    expect(instances(READ, monthRange(2025, 12))).toEqual({ completed: 2, total: 2 });
    expect(instances(GYM, monthRange(2025, 12))).toEqual({ completed: 1, total: 1 });
    // Before its first day a period counts only when done: not one of November's.
    expect(instances(GYM, monthRange(2025, 11))).toEqual({ completed: 0, total: 0 });
    // Gym from Thu 2026-01-01: the week of Sun 2025-12-28 is the first of five January weeks.
    expect(instances(GYM, monthRange(2026, 1))).toEqual({ completed: 1, total: 5 });
  });

  it('counts a period that only partly overlaps the range', () => {
    expect(instances(GYM, { start: '2026-03-07', end: '2026-03-08' })).toEqual({
      completed: 2,
      total: 2,
    });
    expect(instances(BUDGET, { start: '2026-02-28', end: '2026-03-01' })).toEqual({
      completed: 2,
      total: 2,
    });
  });

  it('has nothing scheduled after today or in an empty range', () => {
    expect(instances(READ, monthRange(2026, 4))).toEqual({ completed: 0, total: 0 });
    expect(instances(READ, { start: '2026-03-05', end: '2026-03-04' })).toEqual({
      completed: 0,
      total: 0,
    });
  });

  it('counts a Specific habit only in the period of its date', () => {
    const once = { ...GYM, isRecurring: false, specificDate: '2026-03-04' };
    expect(instances(once, march)).toEqual({ completed: 1, total: 1 });
    expect(instances(once, monthRange(2026, 2))).toEqual({ completed: 0, total: 0 });
  });

  it('sums habits into a rate', () => {
    const tally = scheduledTally({ ...FACTS, keysByHabit, range: march });
    expect(tally).toEqual({ completed: 6, total: 13, rate: 46 });
    expect(scheduledTally({ ...FACTS, habits: [], keysByHabit, range: march })).toEqual({
      completed: 0,
      total: 0,
      rate: 0,
    });
  });

  it('equals Day Insights for any single day up to today', () => {
    fc.assert(
      fc.property(randomFacts, fc.integer({ min: 0, max: 420 }), (facts, back) => {
        const date = addDays(facts.today, -back);
        const keys = completedKeysByHabit(facts.completions);
        const tally = scheduledTally({
          ...facts,
          keysByHabit: keys,
          range: { start: date, end: date },
        });
        const insights = dayInsights({ ...facts, date });
        expect(tally).toEqual({
          completed: insights.completedCount,
          total: insights.totalCount,
          rate: insights.completionRate,
        });
      }),
    );
  });

  it('keeps completed within total and the rate within 0–100', () => {
    fc.assert(
      fc.property(randomFacts, fc.integer({ min: 1, max: 12 }), (facts, month) => {
        const keys = completedKeysByHabit(facts.completions);
        const tally = scheduledTally({
          ...facts,
          keysByHabit: keys,
          range: monthRange(2026, month),
        });
        expect(tally.completed).toBeGreaterThanOrEqual(0);
        expect(tally.completed).toBeLessThanOrEqual(tally.total);
        expect(tally.rate).toBeGreaterThanOrEqual(0);
        expect(tally.rate).toBeLessThanOrEqual(100);
      }),
    );
  });
});

describe('range helpers', () => {
  it('gives month ranges, leap years included', () => {
    expect(monthRange(2024, 2)).toEqual({ start: '2024-02-01', end: '2024-02-29' });
    expect(monthRange(2026, 2)).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(monthRange(2026, 12)).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });

  it('includes both ends of a range', () => {
    expect(isInRange('2026-03-01', march)).toBe(true);
    expect(isInRange('2026-03-31', march)).toBe(true);
    expect(isInRange('2026-04-01', march)).toBe(false);
    expect(isInRange('2026-02-28', march)).toBe(false);
  });

  it('totals the completions dated in a range', () => {
    expect(rangeTotals(COMPLETIONS, march)).toEqual({ completions: 6, xp: 140 });
    expect(rangeTotals(COMPLETIONS, { start: '2025-12-28', end: '2026-01-03' })).toEqual({
      completions: 5,
      xp: 70,
    });
    expect(rangeTotals([], march)).toEqual({ completions: 0, xp: 0 });
  });

  it('labels weekdays Sun to Sat', () => {
    expect(weekdayLabel('2026-03-01')).toBe('Sun');
    expect(weekdayLabel('2026-03-10')).toBe('Tue');
    expect(weekdayLabel('2026-03-07')).toBe('Sat');
  });
});

describe('day bars', () => {
  const keys = completedKeysByHabit(COMPLETIONS);

  it('counts a day up to today', () => {
    expect(dayBar(FACTS, keys, '2026-03-01')).toEqual({
      date: '2026-03-01',
      completed: 3,
      total: 3,
      rate: 100,
      completions: 1,
      xp: 10,
      isFuture: false,
    });
    // Read is open; the week's Gym and the month's Budget are done.
    expect(dayBar(FACTS, keys, '2026-03-04')).toMatchObject({ completed: 2, total: 3, rate: 67 });
  });

  it('schedules nothing after today', () => {
    expect(dayBar(FACTS, keys, '2026-03-11')).toEqual({
      date: '2026-03-11',
      completed: 0,
      total: 0,
      rate: 0,
      completions: 0,
      xp: 0,
      isFuture: true,
    });
  });
});
