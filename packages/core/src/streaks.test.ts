import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, fromEpochDay, localDateOf } from './dates';
import { FREQUENCIES, periodKey, type WeekStart } from './periods';
import {
  bestStreakText,
  dayStreaks,
  habitStreaks,
  streakLength,
  streaksAfterCurrentPeriod,
} from './streaks';

describe('habit streaks', () => {
  it('counts a run ending today', () => {
    const keys = ['2026-11-20', '2026-11-21', '2026-11-22'];
    expect(habitStreaks({ dates: keys, frequency: 'daily', today: '2026-11-22' })).toEqual({
      current: 3,
      best: 3,
    });
  });

  it('keeps the streak alive while the current period is still open', () => {
    const keys = ['2026-11-20', '2026-11-21'];
    expect(habitStreaks({ dates: keys, frequency: 'daily', today: '2026-11-22' })).toEqual({
      current: 2,
      best: 2,
    });
  });

  it('breaks after a missed period but remembers the best run', () => {
    const keys = ['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-20'];
    expect(habitStreaks({ dates: keys, frequency: 'daily', today: '2026-11-22' })).toEqual({
      current: 0,
      best: 4,
    });
  });

  it('counts weekly, monthly and yearly periods', () => {
    expect(
      habitStreaks({
        dates: ['2026-11-12', '2026-11-15'],
        frequency: 'weekly',
        today: '2026-11-22',
      }),
    ).toEqual({
      current: 2,
      best: 2,
    });
    expect(
      habitStreaks({
        dates: ['2025-12-31', '2026-01-01'],
        frequency: 'monthly',
        today: '2026-02-10',
      }),
    ).toEqual({
      current: 2,
      best: 2,
    });
    expect(
      habitStreaks({
        dates: ['2024-06-01', '2026-01-01'],
        frequency: 'yearly',
        today: '2026-02-10',
      }),
    ).toEqual({
      current: 1,
      best: 1,
    });
  });

  it('ignores duplicate keys and is zero without completions', () => {
    expect(habitStreaks({ dates: [], frequency: 'daily', today: '2026-11-22' })).toEqual({
      current: 0,
      best: 0,
    });
    expect(
      habitStreaks({
        dates: ['2026-11-22', '2026-11-22'],
        frequency: 'daily',
        today: '2026-11-22',
      }),
    ).toEqual({
      current: 1,
      best: 1,
    });
  });

  it('keeps current ≤ best ≤ number of completions', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 19_000, max: 19_400 }), { maxLength: 60 }),
        fc.integer({ min: 19_000, max: 19_500 }),
        fc.constantFrom(...FREQUENCIES),
        fc.constantFrom<WeekStart>(0, 1, 6),
        (days, todayDay, frequency, weekStart) => {
          const today = fromEpochDay(todayDay);
          const dates = days.map((day) => fromEpochDay(day));
          const keys = dates.map((date) => periodKey(date, frequency, weekStart));
          const { current, best } = habitStreaks({ dates, frequency, today, weekStart });
          expect(current).toBeLessThanOrEqual(best);
          expect(best).toBeLessThanOrEqual(new Set(keys).size);
        },
      ),
    );
  });

  it('says day or days, and counts the periods of other frequencies', () => {
    expect(bestStreakText(1)).toBe('Best streak: 1 day');
    expect(bestStreakText(0)).toBe('Best streak: 0 days');
    expect(bestStreakText(7, 'daily')).toBe('Best streak: 7 days');
    expect(bestStreakText(1, 'weekly')).toBe('Best streak: 1 week');
    expect(bestStreakText(3, 'weekly')).toBe('Best streak: 3 weeks');
    expect(bestStreakText(2, 'monthly')).toBe('Best streak: 2 months');
    expect(bestStreakText(1, 'yearly')).toBe('Best streak: 1 year');
    expect(streakLength(0, 'yearly')).toBe('0 years');
  });
});

describe('day streak across time zones', () => {
  /** Local dates on which completions made at these instants count, in the zone the user was in. */
  const localDates = (entries: [string, string][]): string[] =>
    entries.map(([iso, zone]) => localDateOf(new Date(iso), zone));

  it('loses nothing over the spring-forward and fall-back nights in New York', () => {
    // 2026-03-08 02:00 EST jumps to 03:00 EDT; 2026-11-01 02:00 EDT falls back to 01:00 EST.
    const spring = localDates([
      ['2026-03-07T04:30:00Z', 'America/New_York'], // Mar 6, 23:30
      ['2026-03-08T06:59:00Z', 'America/New_York'], // Mar 8, 01:59 EST
      ['2026-03-08T07:01:00Z', 'America/New_York'], // Mar 8, 03:01 EDT, same day
      ['2026-03-09T03:59:00Z', 'America/New_York'], // Mar 8, 23:59 EDT, same day
      ['2026-03-09T04:00:00Z', 'America/New_York'], // Mar 9, 00:00
    ]);
    expect(spring).toEqual(['2026-03-06', '2026-03-08', '2026-03-08', '2026-03-08', '2026-03-09']);
    const withSeventh = [...spring, '2026-03-07'];
    expect(dayStreaks({ dates: withSeventh, today: '2026-03-09' })).toEqual({
      current: 4,
      best: 4,
    });

    const fall = localDates([
      ['2026-11-01T05:30:00Z', 'America/New_York'], // 01:30 EDT
      ['2026-11-01T06:30:00Z', 'America/New_York'], // 01:30 EST, the repeated hour, same day
      ['2026-11-02T04:59:00Z', 'America/New_York'], // Nov 1, 23:59 EST
      ['2026-11-02T05:00:00Z', 'America/New_York'], // Nov 2, 00:00
    ]);
    expect(fall).toEqual(['2026-11-01', '2026-11-01', '2026-11-01', '2026-11-02']);
    expect(dayStreaks({ dates: fall, today: '2026-11-02' })).toEqual({ current: 2, best: 2 });
  });

  it('loses nothing over the DST nights in Berlin', () => {
    const dates = localDates([
      ['2026-03-28T22:59:00Z', 'Europe/Berlin'], // Mar 28, 23:59 CET
      ['2026-03-29T00:59:00Z', 'Europe/Berlin'], // Mar 29, 01:59 CET
      ['2026-03-29T01:00:00Z', 'Europe/Berlin'], // Mar 29, 03:00 CEST
      ['2026-03-29T21:59:00Z', 'Europe/Berlin'], // Mar 29, 23:59 CEST
      ['2026-03-29T22:00:00Z', 'Europe/Berlin'], // Mar 30, 00:00
    ]);
    expect(new Set(dates)).toEqual(new Set(['2026-03-28', '2026-03-29', '2026-03-30']));
    expect(dayStreaks({ dates, today: '2026-03-30' })).toEqual({ current: 3, best: 3 });
    const autumn = localDates([
      ['2026-10-25T00:30:00Z', 'Europe/Berlin'], // 02:30 CEST
      ['2026-10-25T01:30:00Z', 'Europe/Berlin'], // 02:30 CET, the repeated hour
      ['2026-10-25T22:59:00Z', 'Europe/Berlin'], // 23:59 CET
    ]);
    expect(new Set(autumn)).toEqual(new Set(['2026-10-25']));
  });

  it('keeps a daily habit streak through a trip UTC−5 → UTC+9 → UTC−5 without double counting', () => {
    // One completion every local evening, in whichever zone the user is in that day.
    const trip: [string, string][] = [
      ['2026-06-01T00:00:00Z', 'America/Bogota'], // May 31, 19:00 (UTC−5)
      ['2026-06-02T00:00:00Z', 'America/Bogota'], // Jun 1, 19:00
      ['2026-06-02T10:00:00Z', 'Asia/Tokyo'], // Jun 2, 19:00 (UTC+9), after flying west→east
      ['2026-06-03T10:00:00Z', 'Asia/Tokyo'], // Jun 3, 19:00
      ['2026-06-03T23:00:00Z', 'Asia/Tokyo'], // Jun 4, 08:00 before the flight home
      ['2026-06-04T18:00:00Z', 'America/Bogota'], // Jun 4 again, 13:00 back home: same day
      ['2026-06-06T00:00:00Z', 'America/Bogota'], // Jun 5, 19:00
    ];
    const dates = localDates(trip);
    expect(dates).toEqual([
      '2026-05-31',
      '2026-06-01',
      '2026-06-02',
      '2026-06-03',
      '2026-06-04',
      '2026-06-04',
      '2026-06-05',
    ]);
    const keys = dates.map((date) => periodKey(date, 'daily'));
    expect(new Set(keys).size).toBe(6); // June 4 is one period, counted once
    expect(habitStreaks({ dates: keys, frequency: 'daily', today: '2026-06-05' })).toEqual({
      current: 6,
      best: 6,
    });
    expect(dayStreaks({ dates, today: addDays('2026-06-05', 1) }).current).toBe(6);
  });
});

describe('streaksAfterCurrentPeriod', () => {
  it('equals the derived streaks after completing or undoing the current period, for any history', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 19_000, max: 19_400 }), { maxLength: 60 }),
        fc.integer({ min: 19_001, max: 19_450 }),
        fc.constantFrom(...FREQUENCIES),
        fc.constantFrom<WeekStart>(0, 1, 6),
        (days, todayDay, frequency, weekStart) => {
          const today = fromEpochDay(todayDay);
          const current = periodKey(today, frequency, weekStart);
          // The history before: no completion in the current period.
          const before = days
            .map(fromEpochDay)
            .filter((date) => date <= today && periodKey(date, frequency, weekStart) !== current);
          const streaks = (dates: string[]) => habitStreaks({ dates, frequency, today, weekStart });
          const open = streaks(before);
          const done = streaks([...before, today]);
          expect(streaksAfterCurrentPeriod(open, true)).toEqual(done);
          const undone = streaksAfterCurrentPeriod(done, false);
          expect(undone.current).toBe(open.current);
          expect(undone.best).toBeGreaterThanOrEqual(open.best);
        },
      ),
    );
  });

  it('never goes below zero', () => {
    expect(streaksAfterCurrentPeriod({ current: 0, best: 4 }, false)).toEqual({
      current: 0,
      best: 4,
    });
  });
});
