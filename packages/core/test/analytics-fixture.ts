/**
 * Test data shared by the analytics-*.test.ts files; the product never imports it. One small,
 * hand-checkable dataset (weeks start on Sunday, today is Tuesday 2026-03-10) and a generator of
 * random datasets for the property tests.
 */
import fc from 'fast-check';
import { addDays, type LocalDate } from '../src/dates';
import type { CategoryFacts, CompletionFacts, HabitFacts, PurchaseFacts } from '../src/model';
import { FREQUENCIES, periodKey, type WeekStart } from '../src/periods';

export const TODAY: LocalDate = '2026-03-10';

export const READ: HabitFacts = {
  id: 'read',
  title: 'Read',
  frequency: 'daily',
  isRecurring: true,
  specificDate: null,
  categoryId: 'mind',
  xpOnComplete: 10,
  createdOn: '2025-12-30',
};

export const GYM: HabitFacts = {
  ...READ,
  id: 'gym',
  title: 'Gym',
  frequency: 'weekly',
  categoryId: 'body',
  xpOnComplete: 30,
  createdOn: '2026-01-01',
};

export const BUDGET: HabitFacts = {
  ...READ,
  id: 'budget',
  title: 'Budget',
  frequency: 'monthly',
  xpOnComplete: 50,
  createdOn: '2025-12-01',
};

export const HABITS = [READ, GYM, BUDGET];

/** A completion of `habit` on `date`, keyed and rewarded as the server would. */
export function done(
  habit: HabitFacts,
  date: LocalDate,
  weekStart: WeekStart = 0,
): CompletionFacts {
  return {
    habitId: habit.id,
    completionDate: date,
    periodKey: periodKey(date, habit.frequency, weekStart),
    xpEarned: habit.xpOnComplete,
    pointsEarned: Math.floor(habit.xpOnComplete / 2),
  };
}

export const COMPLETIONS: CompletionFacts[] = [
  done(BUDGET, '2025-12-15'),
  done(READ, '2025-12-30'),
  done(READ, '2025-12-31'),
  done(READ, '2026-01-01'),
  done(READ, '2026-01-02'),
  done(GYM, '2026-01-03'), // the week of Sun 2025-12-28 … Sat 2026-01-03
  done(BUDGET, '2026-01-31'),
  done(BUDGET, '2026-02-27'),
  done(READ, '2026-03-01'),
  done(READ, '2026-03-02'),
  done(GYM, '2026-03-03'), // week 03-01 … 03-07
  done(BUDGET, '2026-03-05'),
  done(GYM, '2026-03-09'), // week 03-08 … 03-14
  done(READ, '2026-03-10'),
];

export const CATEGORIES: CategoryFacts[] = [
  { id: 'mind', name: 'MIND', monthlyTargetXp: 100, isFallback: false },
  { id: 'body', name: 'BODY', monthlyTargetXp: 50, isFallback: false },
  { id: 'art', name: 'ART', monthlyTargetXp: 200, isFallback: false },
];

export const PURCHASES: PurchaseFacts[] = [
  { rewardCost: 500, purchasedOn: '2025-12-24' },
  { rewardCost: 100, purchasedOn: '2026-02-14' },
  { rewardCost: 40, purchasedOn: '2026-03-02' },
  { rewardCost: 60, purchasedOn: '2026-03-09' },
];

export const FACTS = {
  habits: HABITS,
  completions: COMPLETIONS,
  today: TODAY,
  weekStart: 0 as const,
};

const BASE: LocalDate = '2025-06-01';

/** Random habits (created 2025-06 … 2026-07) and completions, with a today and week start. */
export const randomFacts = fc
  .record({
    habits: fc.array(
      fc.record({
        frequency: fc.constantFrom(...FREQUENCIES),
        isRecurring: fc.boolean(),
        specificOffset: fc.option(fc.integer({ min: 0, max: 400 })),
        createdOffset: fc.integer({ min: 0, max: 400 }),
        categoryId: fc.constantFrom('mind', 'body', null),
      }),
      { maxLength: 5 },
    ),
    marks: fc.array(
      fc.record({ habit: fc.nat(), dayOffset: fc.integer({ min: 0, max: 420 }), xp: fc.nat(100) }),
      { maxLength: 40 },
    ),
    todayOffset: fc.integer({ min: 0, max: 420 }),
    weekStart: fc.constantFrom<WeekStart>(0, 1, 2, 3, 4, 5, 6),
  })
  .map(({ habits, marks, todayOffset, weekStart }) => {
    const habitFacts: HabitFacts[] = habits.map((habit, index) => ({
      id: `h${index}`,
      title: `Habit ${index}`,
      frequency: habit.frequency,
      isRecurring: habit.isRecurring,
      specificDate: habit.specificOffset === null ? null : addDays(BASE, habit.specificOffset),
      categoryId: habit.categoryId,
      xpOnComplete: 10,
      createdOn: addDays(BASE, habit.createdOffset),
    }));
    const completions = marks.flatMap((mark) => {
      const habit = habitFacts[mark.habit % Math.max(1, habitFacts.length)];
      if (!habit) return [];
      return [{ ...done(habit, addDays(BASE, mark.dayOffset), weekStart), xpEarned: mark.xp }];
    });
    return { habits: habitFacts, completions, today: addDays(BASE, todayOffset), weekStart };
  });
