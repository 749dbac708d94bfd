/**
 * What the Goal Tracker shows, derived from the server's lists with core's rules: each category's
 * XP this month against its target, and the habits that sit in the fallback category.
 */
import type { Category } from '@habitquest/contracts/categories';
import type { CompletionEntry } from '@habitquest/contracts/completion-columns';
import type { Habit } from '@habitquest/contracts/habits';
import { parseLocalDate, type LocalDate } from '@habitquest/core/dates';
import { categoryXpForMonth, goalProgress, type GoalProgress } from '@habitquest/core/stats';

export type CategoryGoal = {
  category: Category;
  progress: GoalProgress;
  /** How many habits the category holds now. */
  habitCount: number;
};

/** The server's order (by name) with the protected fallback category moved last. */
export function orderCategories(categories: readonly Category[]): Category[] {
  return [
    ...categories.filter((category) => !category.isFallback),
    ...categories.filter((category) => category.isFallback),
  ];
}

/** The id a habit counts under: a habit without a category belongs to the fallback. */
function effectiveCategoryId(habit: Habit, fallbackId: string | undefined): string | null {
  return habit.categoryId ?? fallbackId ?? null;
}

/** One goal per category (fallback last) for the month that contains `today`. */
export function categoryGoals(options: {
  categories: readonly Category[];
  habits: readonly Habit[];
  completions: readonly CompletionEntry[];
  today: LocalDate;
}): CategoryGoal[] {
  const { year, month } = parseLocalDate(options.today);
  const fallbackId = options.categories.find((category) => category.isFallback)?.id;
  const habits = options.habits.map((habit) => ({
    id: habit.id,
    categoryId: effectiveCategoryId(habit, fallbackId),
  }));
  return orderCategories(options.categories).map((category) => {
    const xp = categoryXpForMonth({
      categoryId: category.id,
      habits,
      completions: options.completions,
      year,
      month,
    });
    return {
      category,
      progress: goalProgress(xp, category.monthlyTargetXp),
      habitCount: habits.filter((habit) => habit.categoryId === category.id).length,
    };
  });
}

/** The habits in the fallback category (or in none), for the 'Uncategorized (N)' button. */
export function uncategorizedHabits(
  habits: readonly Habit[],
  categories: readonly Category[],
): Habit[] {
  const fallbackId = categories.find((category) => category.isFallback)?.id;
  if (fallbackId === undefined) return habits.filter((habit) => habit.categoryId === null);
  return habits.filter((habit) => effectiveCategoryId(habit, fallbackId) === fallbackId);
}
