import type { Habit } from '@habitquest/contracts/habits';
import type { LocalDate } from '@habitquest/core/dates';
import { habitStreaks } from '@habitquest/core/streaks';
import { and, desc, eq, max, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { categories, completions, habits } from '../db/schema';
import { loadSettings, todayFor } from '../settings/load-settings';
import { toHabit } from './to-habit';

/**
 * The user's habits, newest first, each with its category and its streaks derived from every
 * completion it has (DESIGN §4: never a stored counter).
 */
export async function listHabits(options: {
  db: Database | Tx;
  userId: string;
  now: Date;
  habitId?: string;
}): Promise<Habit[]> {
  const { db, userId } = options;
  const settings = await loadSettings(db, userId);
  const today: LocalDate = todayFor(settings, options.now);
  const habitFilter = options.habitId
    ? and(eq(habits.userId, userId), eq(habits.id, options.habitId))
    : eq(habits.userId, userId);
  const completionFilter = options.habitId
    ? and(eq(completions.userId, userId), eq(completions.habitId, options.habitId))
    : eq(completions.userId, userId);
  const [rows, history] = await Promise.all([
    db
      .select({ habit: habits, category: { name: categories.name } })
      .from(habits)
      .leftJoin(categories, eq(categories.id, habits.categoryId))
      .where(habitFilter)
      .orderBy(desc(habits.createdAt), desc(habits.id)),
    // One row per habit with its period keys gathered by the database: a year of daily history
    // is one array, not 365 rows to parse and map.
    db
      .select({
        habitId: completions.habitId,
        periodKeys: sql<string[]>`array_agg(${completions.periodKey})`,
        at: max(completions.completedAt),
      })
      .from(completions)
      .where(completionFilter)
      .groupBy(completions.habitId),
  ]);
  const keysByHabit = new Map(history.map((row) => [row.habitId, row.periodKeys]));
  const lastByHabit = new Map(history.map((row) => [row.habitId, row.at]));
  return rows.map(({ habit, category }) => {
    const streaks = habitStreaks({
      periodKeys: keysByHabit.get(habit.id) ?? [],
      frequency: habit.frequency,
      today,
      weekStart: settings.weekStart,
    });
    return toHabit({
      row: habit,
      category,
      streak: streaks.current,
      bestStreak: streaks.best,
      lastCompletedAt: lastByHabit.get(habit.id) ?? null,
    });
  });
}
