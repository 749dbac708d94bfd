import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { periodKey } from './periods';
import type { CompletionFacts, HabitFacts } from './model';
import { isVisibleOn } from './visibility';
import {
  categoryXpForMonth,
  completedKeysByHabit,
  completionRate,
  dayInsights,
  frequencyStats,
  goalProgress,
  goalStatus,
  isCompletedOn,
  monthlyRateBand,
  rateBand,
  restKindOn,
  type RestFacts,
} from './stats';

const habit = (overrides: Partial<HabitFacts> & Pick<HabitFacts, 'id'>): HabitFacts => ({
  title: overrides.id,
  frequency: 'daily',
  isRecurring: true,
  specificDate: null,
  categoryId: 'health',
  xpOnComplete: 10,
  createdOn: '2026-01-01',
  ...overrides,
});

const completion = (
  habitId: string,
  completionDate: string,
  periodKey = completionDate,
  xpEarned = 10,
): CompletionFacts => ({
  habitId,
  completionDate,
  periodKey,
  xpEarned,
  pointsEarned: Math.floor(xpEarned / 2),
});

describe('rates and bands', () => {
  it('rounds the completion rate and is 0 without habits', () => {
    expect(completionRate(1, 3)).toBe(33);
    expect(completionRate(2, 3)).toBe(67);
    expect(completionRate(0, 0)).toBe(0);
  });

  it('colours the dashboard and weekly rates at 70 and 40', () => {
    expect(rateBand(70)).toBe('green');
    expect(rateBand(69)).toBe('amber');
    expect(rateBand(40)).toBe('amber');
    expect(rateBand(39)).toBe('red');
  });

  it('colours monthly days at 80, 60, 40 and above 0', () => {
    expect(monthlyRateBand(80)).toBe('excellent');
    expect(monthlyRateBand(60)).toBe('good');
    expect(monthlyRateBand(40)).toBe('fair');
    expect(monthlyRateBand(1)).toBe('low');
    expect(monthlyRateBand(0)).toBe('none');
  });
});

describe('day insights', () => {
  const habits = [
    habit({ id: 'read' }),
    habit({ id: 'gym', frequency: 'weekly' }),
    habit({ id: 'trip', isRecurring: false, specificDate: '2026-11-25' }),
    habit({ id: 'new', createdOn: '2026-11-23' }),
  ];
  const completions = [
    completion('read', '2026-11-22'),
    completion('gym', '2026-11-20', '2026-W47', 20),
    completion('read', '2026-11-21'),
  ];

  it('lists the habits scheduled that day and counts those done in their period', () => {
    const day = dayInsights({ habits, completions, date: '2026-11-22', weekStart: 0 });
    expect(day.habitsForDay.map((entry) => [entry.habit.id, entry.isCompleted])).toEqual([
      ['read', true],
      ['gym', false], // W47 (Sun 15th – Sat 21st) is done, the week of the 22nd (W48) is not
    ]);
    expect(day).toMatchObject({
      completedCount: 1,
      totalCount: 2,
      completionRate: 50,
      xpEarned: 10,
    });
  });

  it('counts the weekly completion on every day of its week and its XP on its own date', () => {
    const day = dayInsights({ habits, completions, date: '2026-11-20', weekStart: 0 });
    expect(day).toMatchObject({
      completedCount: 1,
      totalCount: 2,
      completionRate: 50,
      xpEarned: 20,
    });
  });

  it('counts nothing before any habit exists, and lists the habits added later apart', () => {
    expect(dayInsights({ habits, completions, date: '2025-12-31', weekStart: 0 })).toEqual({
      completedCount: 0,
      totalCount: 0,
      restingCount: 0,
      completionRate: 0,
      xpEarned: 0,
      habitsForDay: [],
      addedLater: habits.filter((h) => h.id !== 'trip'),
    });
  });

  it('counts a habit from its creation day, or from a day it is back-filled for', () => {
    // 'new' was created on the 23rd: on the 22nd it is listed apart and counts for nothing.
    const before = dayInsights({ habits, completions, date: '2026-11-22', weekStart: 0 });
    expect(before.addedLater.map((h) => h.id)).toEqual(['new']);
    expect(before.habitsForDay.map((entry) => entry.habit.id)).not.toContain('new');
    // Back-filled on the 22nd, it counts there, done.
    const backFilled = dayInsights({
      habits,
      completions: [...completions, completion('new', '2026-11-22')],
      date: '2026-11-22',
      weekStart: 0,
    });
    expect(backFilled.addedLater).toEqual([]);
    expect(backFilled).toMatchObject({ completedCount: 2, totalCount: 3 });
    // A weekly habit created on Friday and done that Friday counts all its week, done.
    const weekly = [habit({ id: 'swim', frequency: 'weekly', createdOn: '2026-11-27' })];
    const swum = [completion('swim', '2026-11-27', '2026-W48')];
    expect(
      dayInsights({ habits: weekly, completions: swum, date: '2026-11-23', weekStart: 0 }),
    ).toMatchObject({ completedCount: 1, totalCount: 1, addedLater: [] });
    expect(
      dayInsights({ habits: weekly, completions: [], date: '2026-11-23', weekStart: 0 }),
    ).toMatchObject({ completedCount: 0, totalCount: 0, addedLater: weekly });
  });
});

describe('day insights with rest days', () => {
  const habits = [
    habit({ id: 'read' }),
    habit({ id: 'run' }),
    habit({ id: 'gym', frequency: 'weekly' }),
    habit({ id: 'tax', frequency: 'monthly' }),
  ];
  const rest = (fields: Partial<RestFacts>): RestFacts => ({
    skips: new Map(),
    pauses: new Map(),
    vacations: [],
    ...fields,
  });

  it('lists a skipped habit as skipped and leaves it out of the total and the rate', () => {
    const day = dayInsights({
      habits: habits.slice(0, 2),
      completions: [completion('read', '2026-11-24')],
      date: '2026-11-24',
      weekStart: 0,
      rest: rest({ skips: new Map([['run', ['2026-11-24']]]) }),
    });
    expect(day.habitsForDay.map((entry) => [entry.habit.id, entry.rest])).toEqual([
      ['read', null],
      ['run', 'skipped'],
    ]);
    expect(day).toMatchObject({
      completedCount: 1,
      totalCount: 1,
      restingCount: 1,
      completionRate: 100,
    });
  });

  it('rests a weekly habit for the whole week holding its skip, unless that week is done', () => {
    const gym = habit({ id: 'gym', frequency: 'weekly' });
    const facts = rest({ skips: new Map([['gym', ['2026-11-23']]]) });
    const resting = dayInsights({
      habits: [gym],
      completions: [],
      date: '2026-11-27',
      weekStart: 0,
      rest: facts,
    });
    expect(resting.habitsForDay[0]?.rest).toBe('skipped');
    expect(resting).toMatchObject({ totalCount: 0, restingCount: 1, completionRate: 0 });
    const done = dayInsights({
      habits: [gym],
      completions: [completion('gym', '2026-11-25', '2026-W48')],
      date: '2026-11-27',
      weekStart: 0,
      rest: facts,
    });
    expect(done.habitsForDay[0]).toMatchObject({ isCompleted: true, rest: null });
    expect(done).toMatchObject({ totalCount: 1, restingCount: 0, completionRate: 100 });
    // The week before is not touched by the skip.
    const before = dayInsights({
      habits: [gym],
      completions: [],
      date: '2026-11-21',
      weekStart: 0,
      rest: facts,
    });
    expect(before.habitsForDay[0]?.rest).toBeNull();
  });

  it('names a vacation before a pause before a skip, the day itself first', () => {
    const facts = rest({
      skips: new Map([['gym', ['2026-11-23']]]),
      pauses: new Map([['read', [{ startsOn: '2026-11-20', endsOn: null }]]]),
      vacations: [{ startsOn: '2026-11-26', endsOn: '2026-11-28' }],
    });
    const gym = { id: 'gym', frequency: 'weekly' } as const;
    expect(restKindOn(facts, gym, '2026-11-23', 0)).toBe('skipped');
    expect(restKindOn(facts, gym, '2026-11-24', 0)).toBe('vacation');
    expect(restKindOn(facts, gym, '2026-11-27', 0)).toBe('vacation');
    expect(restKindOn(facts, { id: 'read', frequency: 'daily' }, '2026-11-24', 0)).toBe('paused');
    expect(restKindOn(facts, { id: 'read', frequency: 'daily' }, '2026-11-27', 0)).toBe('vacation');
    expect(restKindOn(facts, { id: 'read', frequency: 'daily' }, '2026-11-19', 0)).toBeNull();
    expect(restKindOn(facts, { id: 'run', frequency: 'daily' }, '2026-11-24', 0)).toBeNull();
  });

  it('rests every habit on a vacation day; a completion that day still counts', () => {
    const day = dayInsights({
      habits,
      completions: [completion('read', '2026-12-01')],
      date: '2026-12-01',
      weekStart: 0,
      rest: rest({ vacations: [{ startsOn: '2026-11-30', endsOn: '2026-12-02' }] }),
    });
    expect(day.habitsForDay.map((entry) => entry.rest)).toEqual([
      null,
      'vacation',
      'vacation',
      'vacation',
    ]);
    expect(day).toMatchObject({
      completedCount: 1,
      totalCount: 1,
      restingCount: 3,
      completionRate: 100,
    });
  });

  it('is what it was without rest when nothing rests', () => {
    const options = {
      habits,
      completions: [completion('read', '2026-11-24')],
      date: '2026-11-24',
      weekStart: 0 as const,
    };
    expect(dayInsights({ ...options, rest: rest({}) })).toEqual(dayInsights(options));
  });
});

/** For the property tests: a day from 2026-11-01 to `days` after it, and any frequency. */
const dayWithin = (days: number) =>
  fc.integer({ min: 0, max: days }).map((n) => addDays('2026-11-01', n));
const frequency = fc.constantFrom('daily', 'weekly', 'monthly', 'yearly' as const);

describe('rest never counts against the user (property)', () => {
  const arbitraryDay = dayWithin(40);

  it('resting leaves the completed count alone, never lowers the rate, and every listed habit is done, resting or open', () => {
    fc.assert(
      fc.property(
        fc.array(frequency, { minLength: 1, maxLength: 5 }),
        fc.array(fc.tuple(fc.nat(4), arbitraryDay), { maxLength: 12 }),
        fc.array(fc.tuple(fc.nat(4), arbitraryDay), { maxLength: 8 }),
        fc.option(fc.tuple(arbitraryDay, fc.nat(10))),
        arbitraryDay,
        (frequencies, done, skipped, vacation, date) => {
          const habits = frequencies.map((f, i) => habit({ id: `h${i}`, frequency: f }));
          const completions = done.flatMap(([i, day]) => {
            const h = habits[i % habits.length];
            return h ? [completion(h.id, day, periodKey(day, h.frequency, 0))] : [];
          });
          const skips = new Map<string, string[]>();
          for (const [i, day] of skipped) {
            const id = `h${i % habits.length}`;
            skips.set(id, [...(skips.get(id) ?? []), day]);
          }
          const rest: RestFacts = {
            skips,
            pauses: new Map(),
            vacations: vacation
              ? [{ startsOn: vacation[0], endsOn: addDays(vacation[0], vacation[1]) }]
              : [],
          };
          const plain = dayInsights({ habits, completions, date, weekStart: 0 });
          const rested = dayInsights({ habits, completions, date, weekStart: 0, rest });
          expect(rested.completedCount).toBe(plain.completedCount);
          expect(rested.totalCount + rested.restingCount).toBe(plain.totalCount);
          expect(rested.completionRate).toBeGreaterThanOrEqual(plain.completionRate);
          for (const entry of rested.habitsForDay) {
            expect(entry.isCompleted && entry.rest !== null).toBe(false);
          }
        },
      ),
    );
  });
});

describe('day insights in one pass (property)', () => {
  const arbitraryDay = dayWithin(60);

  it('marks done exactly the habits with a completion in the period of the date, and sums that date’s XP', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(frequency, arbitraryDay), { minLength: 1, maxLength: 6 }),
        fc.array(fc.tuple(fc.nat(5), arbitraryDay, fc.integer({ min: 1, max: 50 })), {
          maxLength: 40,
        }),
        arbitraryDay,
        fc.constantFrom(0, 1, 6 as const),
        (shapes, done, date, weekStart) => {
          const habits = shapes.map(([f, createdOn], i) =>
            habit({ id: `h${i}`, frequency: f, createdOn }),
          );
          const completions = done.flatMap(([i, day, xp]) => {
            const h = habits[i % habits.length];
            return h ? [completion(h.id, day, periodKey(day, h.frequency, weekStart), xp)] : [];
          });
          const day = dayInsights({ habits, completions, date, weekStart });
          // The rule as stated: every completed period per habit, then the date's period looked up.
          const keys = completedKeysByHabit(completions);
          for (const entry of day.habitsForDay) {
            const expected = isCompletedOn(
              entry.habit,
              keys.get(entry.habit.id) ?? new Set(),
              date,
              weekStart,
            );
            expect(entry.isCompleted).toBe(expected);
          }
          // Counted from its creation day, or from a day its period is done (back-filled).
          const counts = (h: (typeof habits)[number]) =>
            h.createdOn <= date || isCompletedOn(h, keys.get(h.id) ?? new Set(), date, weekStart);
          const visible = habits.filter((h) => isVisibleOn(h, date, weekStart));
          expect(day.habitsForDay.map((entry) => entry.habit.id)).toEqual(
            visible.filter(counts).map((h) => h.id),
          );
          expect(day.addedLater).toEqual(visible.filter((h) => !counts(h)));
          expect(day.xpEarned).toBe(
            completions
              .filter((c) => c.completionDate === date)
              .reduce((sum, c) => sum + c.xpEarned, 0),
          );
        },
      ),
    );
  });
});

describe('frequency stats', () => {
  it('computes Completed Today, Total, Completion Rate and Average Streak', () => {
    expect(
      frequencyStats('daily', [
        { isCompleted: true, streak: 3 },
        { isCompleted: false, streak: 0 },
        { isCompleted: true, streak: 2 },
      ]),
    ).toEqual({
      frequency: 'daily',
      completedToday: 2,
      total: 3,
      completionRate: 67,
      rateBand: 'amber',
      averageStreak: 1.7,
    });
    expect(frequencyStats('weekly', [])).toEqual({
      frequency: 'weekly',
      completedToday: 0,
      total: 0,
      completionRate: 0,
      rateBand: 'red',
      averageStreak: 0,
    });
  });
});

describe('goals', () => {
  it('uses the spec status texts', () => {
    expect(goalStatus(100)).toBe('Complete!');
    expect(goalStatus(75)).toBe('Almost there!');
    expect(goalStatus(50)).toBe('Halfway!');
    expect(goalStatus(49)).toBe('Keep going!');
  });

  it('caps the bar at 100% but reports the real percent', () => {
    expect(goalProgress(300, 200)).toEqual({
      xp: 300,
      target: 200,
      percent: 150,
      barPercent: 100,
      status: 'Complete!',
      isMet: true,
    });
    expect(goalProgress(150, 200)).toMatchObject({
      percent: 75,
      barPercent: 75,
      status: 'Almost there!',
      isMet: false,
    });
    expect(goalProgress(0, 0)).toMatchObject({ percent: 0, isMet: false });
    expect(goalProgress(5, 0)).toMatchObject({ percent: 100, isMet: true });
  });

  it("sums a category's awarded XP within one month", () => {
    const habits = [habit({ id: 'a' }), habit({ id: 'b', categoryId: 'career' })];
    const completions = [
      completion('a', '2026-11-01', '2026-11-01', 10),
      completion('a', '2026-11-30', '2026-11-30', 15),
      completion('a', '2026-10-31', '2026-10-31', 10),
      completion('b', '2026-11-05', '2026-11-05', 50),
    ];
    expect(
      categoryXpForMonth({ categoryId: 'health', habits, completions, year: 2026, month: 11 }),
    ).toBe(25);
    expect(
      categoryXpForMonth({ categoryId: 'career', habits, completions, year: 2026, month: 11 }),
    ).toBe(50);
    expect(
      categoryXpForMonth({ categoryId: 'none', habits, completions, year: 2026, month: 11 }),
    ).toBe(0);
  });
});
