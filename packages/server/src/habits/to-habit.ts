import type { Completion, Habit } from '@habitquest/contracts/habits';
import type { LocalDate } from '@habitquest/core/dates';
import type { categories, completions, habits } from '../db/schema';

type HabitRow = typeof habits.$inferSelect;
type CompletionRow = typeof completions.$inferSelect;

/** The wire's Habit from its row, its category's name and its derived streaks. */
export function toHabit(options: {
  row: HabitRow;
  category: Pick<typeof categories.$inferSelect, 'name'> | null;
  streak: number;
  bestStreak: number;
  lastCompletedAt: Date | null;
  countsFrom: LocalDate;
  pause: Habit['pause'];
}): Habit {
  const { row } = options;
  return {
    id: row.id,
    title: row.name,
    description: row.description,
    frequency: row.frequency,
    categoryId: row.categoryId,
    category: options.category?.name ?? null,
    xpOnComplete: row.xpReward,
    isRecurring: row.isRecurring,
    specificDate: row.specificDate,
    color: row.color,
    icon: row.icon,
    streak: options.streak,
    bestStreak: options.bestStreak,
    lastCompletedAt: options.lastCompletedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    countsFrom: options.countsFrom,
    pause: options.pause,
  };
}

export function toCompletion(row: CompletionRow): Completion {
  return {
    id: row.id,
    habitId: row.habitId,
    completionDate: row.completionDate,
    periodKey: row.periodKey,
    xpEarned: row.xpEarned,
    pointsEarned: row.pointsEarned,
    completedAt: row.completedAt.toISOString(),
  };
}
