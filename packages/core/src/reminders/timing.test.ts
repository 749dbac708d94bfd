import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zonedTime } from '../dates';
import { habitualHours, instantAt, isInWindow, seededRandom, weeklyActivityScore } from './timing';

const iso = (date: Date) => date.toISOString();

describe('instantAt', () => {
  it('converts ordinary local times', () => {
    expect(iso(instantAt('2026-06-10', 12, 0, 'America/New_York'))).toBe(
      '2026-06-10T16:00:00.000Z',
    );
    expect(iso(instantAt('2026-01-10', 12, 0, 'America/New_York'))).toBe(
      '2026-01-10T17:00:00.000Z',
    );
    expect(iso(instantAt('2026-06-10', 9, 15, 'Asia/Kathmandu'))).toBe('2026-06-10T03:30:00.000Z');
    expect(iso(instantAt('2026-06-10', 0, 0, 'UTC'))).toBe('2026-06-10T00:00:00.000Z');
  });

  it('handles the spring-forward night in New York (2026-03-08)', () => {
    const ny = (hour: number, minute = 0) =>
      iso(instantAt('2026-03-08', hour, minute, 'America/New_York'));
    expect(ny(0)).toBe('2026-03-08T05:00:00.000Z');
    expect(ny(1, 59)).toBe('2026-03-08T06:59:00.000Z');
    // 02:00–02:59 does not exist: it maps to the same distance past the jump.
    expect(ny(2, 30)).toBe('2026-03-08T07:30:00.000Z');
    expect(ny(3)).toBe('2026-03-08T07:00:00.000Z');
    expect(ny(12)).toBe('2026-03-08T16:00:00.000Z');
    expect(iso(instantAt('2026-03-09', 0, 0, 'America/New_York'))).toBe('2026-03-09T04:00:00.000Z');
  });

  it('handles the DST nights of zones 12 hours or more from UTC (Auckland, Chatham)', () => {
    // Auckland springs forward on 2026-09-27 at 02:00 NZST (+12) to 03:00 NZDT (+13).
    const auckland = (hour: number, minute = 0) =>
      iso(instantAt('2026-09-27', hour, minute, 'Pacific/Auckland'));
    expect(auckland(1, 59)).toBe('2026-09-26T13:59:00.000Z');
    expect(auckland(2)).toBe('2026-09-26T14:00:00.000Z');
    expect(auckland(2, 30)).toBe('2026-09-26T14:30:00.000Z');
    expect(auckland(3)).toBe('2026-09-26T14:00:00.000Z');
    // Chatham springs forward on 2026-09-27 at 02:45 (+12:45) to 03:45 (+13:45).
    expect(iso(instantAt('2026-09-27', 2, 50, 'Pacific/Chatham'))).toBe('2026-09-26T14:05:00.000Z');
    // Chatham falls back on 2026-04-05 at 03:45 (+13:45) to 02:45 (+12:45): 03:00 happens twice,
    // and the first one is meant.
    expect(iso(instantAt('2026-04-05', 3, 0, 'Pacific/Chatham'))).toBe('2026-04-04T13:15:00.000Z');
  });

  it('handles the spring-forward night in Berlin (2026-03-29)', () => {
    const berlin = (hour: number, minute = 0) =>
      iso(instantAt('2026-03-29', hour, minute, 'Europe/Berlin'));
    expect(berlin(0)).toBe('2026-03-28T23:00:00.000Z');
    expect(berlin(2, 30)).toBe('2026-03-29T01:30:00.000Z');
    expect(berlin(3)).toBe('2026-03-29T01:00:00.000Z');
    expect(berlin(12)).toBe('2026-03-29T10:00:00.000Z');
  });

  it('takes the first of a repeated hour on fall-back nights', () => {
    expect(iso(instantAt('2026-11-01', 1, 30, 'America/New_York'))).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    expect(iso(instantAt('2026-10-25', 2, 30, 'Europe/Berlin'))).toBe('2026-10-25T00:30:00.000Z');
  });

  it('round-trips every existing wall-clock minute (property)', () => {
    const zones = [
      'UTC',
      'America/New_York',
      'Europe/Berlin',
      'Asia/Kolkata',
      'Australia/Lord_Howe',
      'America/Santiago',
    ];
    const start = Date.UTC(2024, 0, 1);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 * 366 * 1440 }),
        fc.constantFrom(...zones),
        (minutes, zone) => {
          const instant = start + minutes * 60_000;
          const wall = zonedTime(instant, zone);
          const back = instantAt(wall.date, wall.hour, wall.minute, zone).getTime();
          const again = zonedTime(back, zone);
          expect([again.date, again.hour, again.minute]).toEqual([
            wall.date,
            wall.hour,
            wall.minute,
          ]);
          // The first occurrence: never later than the instant we started from.
          expect(back).toBeLessThanOrEqual(instant);
        },
      ),
    );
  });
});

describe('isInWindow', () => {
  it('includes the start hour and excludes the end hour', () => {
    expect(isInWindow(9, { start: 9, end: 21 })).toBe(true);
    expect(isInWindow(20, { start: 9, end: 21 })).toBe(true);
    expect(isInWindow(21, { start: 9, end: 21 })).toBe(false);
    expect(isInWindow(8, { start: 9, end: 21 })).toBe(false);
  });
});

describe('weeklyActivityScore', () => {
  it('is the share of the last 7 days, today included, with a session', () => {
    const today = '2026-06-10';
    expect(weeklyActivityScore({}, today)).toBe(0);
    expect(weeklyActivityScore({ '2026-06-10': 1 }, today)).toBe(14);
    const sixDays = {
      '2026-06-10': 2,
      '2026-06-09': 1,
      '2026-06-08': 1,
      '2026-06-07': 1,
      '2026-06-06': 1,
      '2026-06-05': 1,
    };
    expect(weeklyActivityScore(sixDays, today)).toBe(86);
    expect(weeklyActivityScore({ ...sixDays, '2026-06-04': 1 }, today)).toBe(100);
  });

  it('ignores days outside the week and days with zero sessions', () => {
    expect(
      weeklyActivityScore({ '2026-06-03': 5, '2026-06-11': 5, '2026-06-09': 0 }, '2026-06-10'),
    ).toBe(0);
  });
});

describe('habitualHours', () => {
  const tz = 'America/New_York';
  const at = (hour: number) =>
    Date.parse(`2026-06-01T${String(hour).padStart(2, '0')}:10:00-04:00`);
  const window = { start: 9, end: 21 };

  it('falls back to 9, 14 and 19 without history', () => {
    expect(habitualHours({}, tz, window)).toEqual([9, 14, 19]);
    expect(habitualHours({ gone: undefined }, tz, window)).toEqual([9, 14, 19]);
  });

  it('ranks local hours by count across habits, ties to the earlier hour, inside the window', () => {
    const times = {
      a: [at(10), at(10), at(16), at(7), at(7), at(7), at(7)],
      b: [at(10), at(16), at(13), at(12)],
    };
    expect(habitualHours(times, tz, window)).toEqual([10, 16, 12]);
  });

  it('pads a thin history with the defaults it does not already hold', () => {
    expect(habitualHours({ a: [at(14), at(18)] }, tz, window)).toEqual([14, 18, 9]);
    expect(habitualHours({ a: [at(10)] }, tz, { start: 10, end: 15 })).toEqual([10, 14]);
    expect(habitualHours({}, tz, { start: 20, end: 22 })).toEqual([]);
  });
});

describe('seededRandom', () => {
  it('repeats for one seed, differs between seeds, and stays in [0, 1)', () => {
    const draw = (seed: string) => {
      const random = seededRandom(seed);
      return Array.from({ length: 50 }, () => random());
    };
    expect(draw('user:2026-06-10')).toEqual(draw('user:2026-06-10'));
    expect(draw('user:2026-06-10')).not.toEqual(draw('user:2026-06-11'));
    fc.assert(
      fc.property(fc.string(), (seed) => {
        expect(draw(seed).every((value) => value >= 0 && value < 1)).toBe(true);
      }),
      { numRuns: 50 },
    );
  });
});
