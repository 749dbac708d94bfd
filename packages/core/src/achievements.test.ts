import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENTS,
  achievementFacts,
  achievementStates,
  earnedAchievements,
  isGoalMet,
  isPerfectDay,
  type AchievementFacts,
} from './achievements';
import { addDays } from './dates';
import type { CategoryFacts, CompletionFacts, HabitFacts } from './model';
import { FREQUENCIES, periodKey, type WeekStart } from './periods';
import { dayInsights } from './stats';

const NONE: AchievementFacts = {
  habits: 0,
  completions: 0,
  dayStreak: 0,
  level: 1,
  redeemed: 0,
  perfectDays: 0,
  goalsMet: 0,
};

function habit(id: string, frequency: HabitFacts['frequency'], categoryId = 'c1'): HabitFacts {
  return {
    id,
    title: id,
    frequency,
    isRecurring: true,
    specificDate: null,
    categoryId,
    xpOnComplete: 10,
    createdOn: '2026-01-01',
  };
}

function done(habitFacts: HabitFacts, date: string, xp = 10): CompletionFacts {
  return {
    habitId: habitFacts.id,
    completionDate: date,
    periodKey: periodKey(date, habitFacts.frequency, 0),
    xpEarned: xp,
    pointsEarned: Math.floor(xp / 2),
  };
}

describe('the catalogue', () => {
  it('has unique ids, and the streaks, levels and counts the product promises', () => {
    const ids = ACHIEVEMENTS.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(
      expect.arrayContaining([
        'first-habit',
        'first-completion',
        'streak-3',
        'streak-7',
        'streak-30',
        'streak-100',
        'streak-365',
        'level-5',
        'level-10',
        'level-25',
        'level-50',
        'completions-10',
        'completions-100',
        'completions-1000',
        'first-reward',
        'perfect-day',
        'goal-met',
      ]),
    );
    for (const a of ACHIEVEMENTS) expect(a.condition.length).toBeGreaterThan(0);
  });
});

describe('earnedAchievements', () => {
  it('earns what the figures reach, and judges only the figures given', () => {
    expect(earnedAchievements(NONE)).toEqual([]);
    const ids = earnedAchievements({ ...NONE, completions: 10, dayStreak: 7, level: 5 }).map(
      (a) => a.id,
    );
    expect(ids).toEqual(['first-completion', 'streak-3', 'streak-7', 'level-5', 'completions-10']);
    expect(earnedAchievements({ redeemed: 1 }).map((a) => a.id)).toEqual(['first-reward']);
  });

  it('never takes one back as figures grow (a property)', () => {
    const figure = fc.integer({ min: 0, max: 2000 });
    const facts = fc.record({
      habits: figure,
      completions: figure,
      dayStreak: figure,
      level: fc.integer({ min: 1, max: 80 }),
      redeemed: figure,
      perfectDays: figure,
      goalsMet: figure,
    });
    fc.assert(
      fc.property(facts, facts, (a, b) => {
        const more = Object.fromEntries(
          Object.entries(a).map(([k, v]) => [k, Math.max(v, b[k as keyof AchievementFacts])]),
        ) as AchievementFacts;
        const before = new Set(earnedAchievements(a).map((x) => x.id));
        const after = new Set(earnedAchievements(more).map((x) => x.id));
        for (const id of before) expect(after.has(id)).toBe(true);
      }),
    );
  });
});

describe('achievementStates', () => {
  it('shows unlocked ones with their moment and locked ones with capped progress', () => {
    const states = achievementStates(
      { ...NONE, completions: 42, dayStreak: 2 },
      new Map([['first-completion', '2026-03-01T10:00:00.000Z']]),
    );
    const byId = new Map(states.map((s) => [s.id, s]));
    expect(byId.get('first-completion')).toMatchObject({
      unlockedAt: '2026-03-01T10:00:00.000Z',
      progress: { current: 1, target: 1 },
    });
    expect(byId.get('completions-100')).toMatchObject({
      unlockedAt: null,
      progress: { current: 42, target: 100 },
    });
    expect(byId.get('completions-10')?.progress).toEqual({ current: 10, target: 10 });
    expect(byId.get('streak-3')?.progress).toEqual({ current: 2, target: 3 });
    expect(states.map((s) => s.id)).toEqual(ACHIEVEMENTS.map((a) => a.id));
  });
});

describe('achievementFacts', () => {
  const read = habit('read', 'daily');
  const review = habit('review', 'weekly', 'c2');
  const categories: CategoryFacts[] = [
    { id: 'c1', name: 'HEALTH', monthlyTargetXp: 30, isFallback: false },
    { id: 'c2', name: 'CAREER', monthlyTargetXp: 500, isFallback: false },
  ];

  it('works out every figure from a history, by hand', () => {
    // Read on 1–3 March (a 3-day run) and 10 March; the weekly review in the week of 1 March
    // (weeks start on Sunday: 1 March 2026 is a Sunday).
    const history = [
      done(read, '2026-03-01'),
      done(read, '2026-03-02'),
      done(read, '2026-03-03'),
      done(read, '2026-03-10'),
      done(review, '2026-03-02', 50),
    ];
    const facts = achievementFacts({
      habits: [read, review],
      completions: history,
      categories,
      xp: 90,
      redeemed: 2,
      today: '2026-03-20',
      weekStart: 0,
    });
    expect(facts).toEqual({
      habits: 2,
      completions: 5,
      dayStreak: 3,
      level: 1,
      redeemed: 2,
      // 1–3 March: Read done and the weekly review done for its week; 10 March: the review of
      // that week is not done.
      perfectDays: 3,
      // HEALTH earned 40 XP in March (target 30); CAREER 50 of 500.
      goalsMet: 1,
    });
  });

  it('counts perfect days and goals met as the rule read over the whole history does', () => {
    // The rule itself, day by day over every completion (what achievementFacts did before it
    // read only the periods that hold each day): the figures must not move.
    const oracle = (facts: Parameters<typeof achievementFacts>[0]) => {
      const days = [...new Set(facts.completions.map((completion) => completion.completionDate))];
      const months = [...new Set(days.map((day) => day.slice(0, 7)))];
      return {
        perfectDays: days.filter((date) => isPerfectDay({ ...facts, date })).length,
        goalsMet: facts.categories
          .flatMap((category) =>
            months.map((month) => isGoalMet({ ...facts, category, date: `${month}-01` })),
          )
          .filter(Boolean).length,
      };
    };
    const frequency = fc.constantFrom(...FREQUENCIES);
    const day = fc.integer({ min: 0, max: 120 }).map((offset) => addDays('2026-01-01', offset));
    const history = fc
      .record({
        weekStart: fc.constantFrom<WeekStart>(0, 1, 6),
        habits: fc.array(
          fc.record({
            frequency,
            categoryId: fc.constantFrom('c1', 'c2', null),
            createdOn: day,
            isRecurring: fc.boolean(),
            specificDate: day,
          }),
          { minLength: 1, maxLength: 5 },
        ),
        done: fc.array(
          fc.record({ habit: fc.nat(), date: day, xp: fc.integer({ min: 1, max: 100 }) }),
          {
            maxLength: 60,
          },
        ),
      })
      .map(({ weekStart, habits: drawn, done: marks }) => {
        const habits: HabitFacts[] = drawn.map((facts, index) => ({
          ...habit(`h${String(index)}`, facts.frequency, facts.categoryId ?? 'c1'),
          categoryId: facts.categoryId,
          createdOn: facts.createdOn,
          isRecurring: facts.isRecurring,
          specificDate: facts.isRecurring ? null : facts.specificDate,
        }));
        // One completion per habit and period, as the database keeps them.
        const seen = new Set<string>();
        const completions = marks.flatMap((mark) => {
          const owner = habits[mark.habit % habits.length];
          if (!owner) return [];
          const key = periodKey(mark.date, owner.frequency, weekStart);
          if (seen.has(`${owner.id}:${key}`)) return [];
          seen.add(`${owner.id}:${key}`);
          return [{ ...done(owner, mark.date, mark.xp), periodKey: key }];
        });
        return { weekStart, habits, completions };
      });
    fc.assert(
      fc.property(history, ({ weekStart, habits, completions }) => {
        const facts = {
          habits,
          completions,
          categories: [
            { id: 'c1', name: 'HEALTH', monthlyTargetXp: 60, isFallback: false },
            { id: 'c2', name: 'CAREER', monthlyTargetXp: 0, isFallback: false },
          ],
          xp: 0,
          redeemed: 0,
          today: '2026-05-01',
          weekStart,
        };
        expect(achievementFacts(facts)).toMatchObject(oracle(facts));
      }),
      { numRuns: 300 },
    );
  });

  it('finds nothing in an empty history', () => {
    expect(
      achievementFacts({
        habits: [],
        completions: [],
        categories: [],
        xp: 0,
        redeemed: 0,
        today: addDays('2026-03-20', 0),
        weekStart: 0,
      }),
    ).toEqual(NONE);
  });
});

describe('Perfect Day', () => {
  // Read since January; Run and Stretch added on 20 March. The user back-fills Read for the
  // 18th: that day only Read counted, so it was perfect, and Day Insights says 1 of 1.
  const read = habit('read', 'daily');
  const run = { ...habit('run', 'daily'), createdOn: '2026-03-20' };
  const stretch = { ...habit('stretch', 'daily'), createdOn: '2026-03-20' };
  const habits = [read, run, stretch];

  it('is judged by the counts Day Insights shows, habits added later left out', () => {
    const day = { habits, completions: [done(read, '2026-03-18')], date: '2026-03-18' };
    expect(isPerfectDay({ ...day, weekStart: 0 })).toBe(true);
    expect(dayInsights({ ...day, weekStart: 0 })).toMatchObject({
      completedCount: 1,
      totalCount: 1,
      addedLater: [run, stretch],
    });
  });

  it('counts a habit added later once it is back-filled for the day, and then wants it done', () => {
    const partly = [done(read, '2026-03-20'), done(run, '2026-03-20')];
    expect(isPerfectDay({ habits, completions: partly, date: '2026-03-20', weekStart: 0 })).toBe(
      false,
    );
    expect(
      isPerfectDay({
        habits,
        completions: [...partly, done(stretch, '2026-03-20')],
        date: '2026-03-20',
        weekStart: 0,
      }),
    ).toBe(true);
    // The 19th: Read and Run back-filled, Stretch not: Stretch did not exist yet, so perfect.
    const backFilled = [done(read, '2026-03-19'), done(run, '2026-03-19')];
    expect(
      isPerfectDay({ habits, completions: backFilled, date: '2026-03-19', weekStart: 0 }),
    ).toBe(true);
    expect(
      dayInsights({ habits, completions: backFilled, date: '2026-03-19', weekStart: 0 }),
    ).toMatchObject({ completedCount: 2, totalCount: 2, addedLater: [stretch] });
  });
});
