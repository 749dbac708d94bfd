import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, fromEpochDay } from './dates';
import { FREQUENCIES, periodIndexOf, type WeekStart } from './periods';
import { achievementFacts } from './achievements';
import { scheduledTally } from './analytics/tally';
import type { CompletionFacts, HabitFacts } from './model';
import { completedKeysByHabit } from './stats';
import {
  dayStreakRestDays,
  habitRest,
  NO_REST,
  restingFrom,
  type RestByHabit,
  isPausedOn,
  isRestDay,
  periodHasRest,
  pauseRange,
  restPeriodIndexes,
  type HabitRest,
} from './rest';
import { dayStreaks, habitStreaks } from './streaks';

const TODAY = '2026-11-24';

describe('rest days and a habit streak', () => {
  it('passes over a skipped day: it neither extends nor breaks the run', () => {
    const dates = ['2026-11-20', '2026-11-21', '2026-11-23', '2026-11-24'];
    const rest = habitRest({ skips: ['2026-11-22'] });
    expect(habitStreaks({ dates, frequency: 'daily', today: TODAY, rest })).toEqual({
      current: 4,
      best: 4,
    });
    expect(habitStreaks({ dates, frequency: 'daily', today: TODAY })).toEqual({
      current: 2,
      best: 2,
    });
  });

  it('freezes the streak through a pause that has not ended', () => {
    const dates = ['2026-11-01', '2026-11-02', '2026-11-03'];
    const rest = habitRest({ pauses: [pauseRange({ startsOn: '2026-11-04', resumesOn: null })] });
    expect(habitStreaks({ dates, frequency: 'daily', today: TODAY, rest })).toEqual({
      current: 3,
      best: 3,
    });
  });

  it('rests a weekly period that holds a vacation day and no completion', () => {
    // Weeks from Sunday: 8–14 done, 15–21 holds the vacation, 22–28 done (today inside).
    const dates = ['2026-11-10', '2026-11-23'];
    const rest = habitRest({ vacations: [{ startsOn: '2026-11-20', endsOn: '2026-11-21' }] });
    expect(habitStreaks({ dates, frequency: 'weekly', today: TODAY, rest })).toEqual({
      current: 2,
      best: 2,
    });
  });

  it('counts a completed period inside a vacation as done', () => {
    const dates = ['2026-11-22', '2026-11-23'];
    const rest = habitRest({ vacations: [{ startsOn: '2026-11-20', endsOn: '2026-11-23' }] });
    expect(habitStreaks({ dates, frequency: 'daily', today: TODAY, rest }).current).toBe(2);
  });

  it('a rest day after today (a planned vacation) changes nothing yet', () => {
    const dates = ['2026-11-22'];
    const rest = habitRest({ vacations: [{ startsOn: '2026-11-25', endsOn: '2026-11-30' }] });
    expect(habitStreaks({ dates, frequency: 'daily', today: TODAY, rest })).toEqual({
      current: 0,
      best: 1,
    });
  });

  it('passes over vacation days in the day streak', () => {
    expect(
      dayStreaks({
        dates: ['2026-11-19', '2026-11-20', '2026-11-24'],
        today: TODAY,
        restDays: ['2026-11-21', '2026-11-22', '2026-11-23'],
      }),
    ).toEqual({ current: 3, best: 3 });
  });
});

describe('rest ranges', () => {
  it('reads a pause as resting up to the day before it resumes', () => {
    const pause = { startsOn: '2026-11-20', resumesOn: '2026-11-24' };
    expect(isPausedOn(pause, '2026-11-19')).toBe(false);
    expect(isPausedOn(pause, '2026-11-20')).toBe(true);
    expect(isPausedOn(pause, '2026-11-23')).toBe(true);
    expect(isPausedOn(pause, '2026-11-24')).toBe(false);
    expect(isPausedOn({ startsOn: '2026-11-20', resumesOn: null }, '2099-01-01')).toBe(true);
    expect(isPausedOn(null, TODAY)).toBe(false);
  });

  it('knows which period holds a rest day', () => {
    const rest = habitRest({ skips: ['2026-11-17'] });
    expect(periodHasRest(rest, '2026-11-20', 'weekly', 0)).toBe(true);
    expect(periodHasRest(rest, '2026-11-24', 'weekly', 0)).toBe(false);
    expect(periodHasRest(rest, '2026-11-01', 'monthly', 0)).toBe(true);
    expect(isRestDay(rest, '2026-11-17')).toBe(true);
    expect(isRestDay(rest, '2026-11-18')).toBe(false);
  });

  it('lists the periods of a range one step per period, up to today', () => {
    const rest = habitRest({ pauses: [{ startsOn: '2026-01-15', endsOn: null }] });
    const months = restPeriodIndexes(rest, 'monthly', 0, TODAY);
    expect(months.size).toBe(11);
    const days = restPeriodIndexes(rest, 'daily', 0, TODAY);
    expect(days.size).toBe(314);
  });
});

/** A day's state in a generated history: done, resting (and not done), or neither. */
type DayState = 'done' | 'rest' | 'none';
const START = 20_000;

function historyOf(states: readonly DayState[]): { dates: string[]; rest: HabitRest } {
  const dates: string[] = [];
  const skips: string[] = [];
  states.forEach((state, offset) => {
    const date = fromEpochDay(START + offset);
    if (state === 'done') dates.push(date);
    if (state === 'rest') skips.push(date);
  });
  return { dates, rest: habitRest({ skips }) };
}

describe('property: a rest day never changes a streak', () => {
  const states = fc.array(fc.constantFrom<DayState>('done', 'rest', 'none'), {
    minLength: 1,
    maxLength: 80,
  });

  it('equals the streak of the same history with its resting days taken out', () => {
    fc.assert(
      fc.property(states, (days) => {
        const today = fromEpochDay(START + days.length - 1);
        const { dates, rest } = historyOf(days);
        // Take every resting day out, but keep today's place: it is the open current period.
        const kept = days.filter((state, i) => state !== 'rest' || i === days.length - 1);
        const collapsed = historyOf(kept.map((state) => (state === 'rest' ? 'none' : state)));
        const collapsedToday = fromEpochDay(START + kept.length - 1);
        expect(habitStreaks({ dates, frequency: 'daily', today, rest })).toEqual(
          habitStreaks({ dates: collapsed.dates, frequency: 'daily', today: collapsedToday }),
        );
      }),
    );
  });

  it('resting on a day that was not done never shortens a streak, for any frequency', () => {
    fc.assert(
      fc.property(
        states,
        fc.nat(),
        fc.constantFrom(...FREQUENCIES),
        fc.constantFrom<WeekStart>(0, 1, 6),
        (days, pick, frequency, weekStart) => {
          const today = fromEpochDay(START + days.length - 1);
          const { dates, rest } = historyOf(days);
          const doneIndexes = new Set(dates.map((d) => periodIndexOf(d, frequency, weekStart)));
          const candidates = days
            .map((_, i) => fromEpochDay(START + i))
            .filter((d) => !doneIndexes.has(periodIndexOf(d, frequency, weekStart)));
          if (candidates.length === 0) return;
          const extra = candidates[pick % candidates.length] ?? candidates[0];
          if (extra === undefined) return;
          const before = habitStreaks({ dates, frequency, today, weekStart, rest });
          const after = habitStreaks({
            dates,
            frequency,
            today,
            weekStart,
            rest: { ...rest, skips: [...rest.skips, extra] },
          });
          expect(after.current).toBeGreaterThanOrEqual(before.current);
          expect(after.best).toBeGreaterThanOrEqual(before.best);
          // Rest lengthens nothing by itself: never more than the periods done.
          expect(after.best).toBeLessThanOrEqual(doneIndexes.size);
        },
      ),
    );
  });

  it('a skip, a pause and a vacation over the same days give the same streaks', () => {
    fc.assert(
      fc.property(states, fc.nat({ max: 79 }), fc.nat({ max: 10 }), (days, at, length) => {
        const today = fromEpochDay(START + days.length - 1);
        const { dates } = historyOf(days);
        const startsOn = fromEpochDay(START + at);
        const endsOn = addDays(startsOn, length);
        const skips = Array.from({ length: length + 1 }, (_, i) => addDays(startsOn, i));
        const bySkips = habitStreaks({
          dates,
          frequency: 'daily',
          today,
          rest: habitRest({ skips }),
        });
        const byPause = habitStreaks({
          dates,
          frequency: 'daily',
          today,
          rest: habitRest({ pauses: [{ startsOn, endsOn }] }),
        });
        const byVacation = habitStreaks({
          dates,
          frequency: 'daily',
          today,
          rest: habitRest({ vacations: [{ startsOn, endsOn }] }),
        });
        expect(byPause).toEqual(bySkips);
        expect(byVacation).toEqual(bySkips);
      }),
    );
  });
});

describe('rest in the figures built on streaks and rates', () => {
  const walk: HabitFacts = {
    id: 'walk',
    title: 'Walk',
    frequency: 'daily',
    categoryId: null,
    xpOnComplete: 10,
    isRecurring: true,
    specificDate: null,
    createdOn: '2026-11-01',
  };
  const done = (date: string): CompletionFacts => ({
    habitId: 'walk',
    completionDate: date,
    periodKey: date,
    xpEarned: 10,
    pointsEarned: 5,
  });
  const history = ['2026-11-18', '2026-11-19', '2026-11-23', '2026-11-24'].map(done);
  const vacation: RestByHabit = {
    skips: new Map(),
    pauses: new Map(),
    vacations: [{ startsOn: '2026-11-20', endsOn: '2026-11-22' }],
  };

  it('a completion rate leaves out the resting days', () => {
    const keysByHabit = completedKeysByHabit(history);
    const range = { start: '2026-11-18', end: '2026-11-24' };
    const args = { habits: [walk], keysByHabit, range, today: TODAY, weekStart: 0 as const };
    expect(scheduledTally(args)).toEqual({ completed: 4, total: 7, rate: 57 });
    expect(scheduledTally({ ...args, rest: vacation })).toEqual({
      completed: 4,
      total: 4,
      rate: 100,
    });
  });

  it('the day-streak achievements count across a vacation', () => {
    const facts = {
      habits: [walk],
      completions: history,
      categories: [],
      xp: 40,
      redeemed: 0,
      today: TODAY,
      weekStart: 0 as const,
    };
    expect(achievementFacts(facts).dayStreak).toBe(2);
    expect(achievementFacts({ ...facts, rest: vacation }).dayStreak).toBe(4);
  });

  it('a habit counts on rest days from its first day: made, or completed, skipped or paused before', () => {
    expect(restingFrom('2026-11-20', {})).toBe('2026-11-20');
    expect(
      restingFrom('2026-11-20', {
        firstCompletedOn: '2026-11-18',
        skips: ['2026-11-19'],
        pauses: [{ startsOn: '2026-11-21', endsOn: null }],
      }),
    ).toBe('2026-11-18');
    expect(restingFrom('2026-11-20', { skips: ['2026-11-22', '2026-11-17'] })).toBe('2026-11-17');
    expect(
      restingFrom('2026-11-20', { pauses: [{ startsOn: '2026-11-16', endsOn: '2026-11-18' }] }),
    ).toBe('2026-11-16');
  });

  it('the day-streak achievements: a habit back-filled before it was made is due on a skipped day', () => {
    // Walk skips the 20th; Read, made on the 24th, was back-filled from the 19th and not done on
    // the 20th: the 20th was due, so it breaks the run.
    const read: HabitFacts = { ...walk, id: 'read', title: 'Read', createdOn: '2026-11-24' };
    const walkDays = ['2026-11-18', '2026-11-19', '2026-11-21', '2026-11-22'].map(done);
    const rest: RestByHabit = {
      skips: new Map([['walk', ['2026-11-20']]]),
      pauses: new Map(),
      vacations: [],
    };
    const facts = {
      habits: [walk, read],
      completions: walkDays,
      categories: [],
      xp: 40,
      redeemed: 0,
      today: TODAY,
      weekStart: 0 as const,
      rest,
    };
    expect(achievementFacts(facts).dayStreak).toBe(4);
    const backFilled = [...walkDays, { ...done('2026-11-19'), habitId: 'read' }];
    expect(achievementFacts({ ...facts, completions: backFilled }).dayStreak).toBe(2);
  });

  it('a day whose only due habit was skipped is a rest day of the day streak', () => {
    const run = habitRest({ skips: ['2026-11-20'] });
    const restDays = dayStreakRestDays({
      vacations: [],
      habits: [{ ...walk, rest: run }],
      today: TODAY,
      weekStart: 0,
    });
    expect([...restDays]).toEqual(['2026-11-20']);
    // With a second daily habit that did not rest, the day was due: no rest day.
    const other = { ...walk, id: 'read', rest: NO_REST };
    expect(
      dayStreakRestDays({
        vacations: [],
        habits: [{ ...walk, rest: run }, other],
        today: TODAY,
        weekStart: 0,
      }).size,
    ).toBe(0);
  });
});
