import type { Habit } from '@habitquest/contracts/habits';
import type { LocalDate } from '@habitquest/core/dates';
import { habitStreaks } from '@habitquest/core/streaks';
import { and, desc, eq, max, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { categories, completions, habits } from '../db/schema';
import { loadSettings, todayFor } from '../settings/load-settings';
import { currentPause, loadRest, restOfHabit } from '../rest/load-rest';
import { toHabit } from './to-habit';

/**
 * The user's habits, newest first, each with its category, its pause, and its streaks derived from
 * every completion date it has and its rest days (never a stored counter that could drift).
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
  const [rows, history, rest] = await Promise.all([
    db
      .select({ habit: habits, category: { name: categories.name } })
      .from(habits)
      .leftJoin(categories, eq(categories.id, habits.categoryId))
      .where(habitFilter)
      .orderBy(desc(habits.createdAt), desc(habits.id)),
    // One row per habit with its completion dates gathered by the database (as text, so no driver
    // turns them into Dates): a year of daily history is one array, not 365 rows to parse and map.
    db
      .select({
        habitId: completions.habitId,
        dates: sql<string[]>`array_agg(${completions.completionDate}::text)`,
        at: max(completions.completedAt),
      })
      .from(completions)
      .where(completionFilter)
      .groupBy(completions.habitId),
    loadRest(db, userId, options.habitId),
  ]);
  const datesByHabit = new Map(history.map((row) => [row.habitId, row.dates]));
  const lastByHabit = new Map(history.map((row) => [row.habitId, row.at]));
  return rows.map(({ habit, category }) => {
    const streaks = habitStreaks({
      dates: datesByHabit.get(habit.id) ?? [],
      frequency: habit.frequency,
      today,
      weekStart: settings.weekStart,
      rest: restOfHabit(rest, habit.id),
    });
    return toHabit({
      row: habit,
      category,
      streak: streaks.current,
      bestStreak: streaks.best,
      lastCompletedAt: lastByHabit.get(habit.id) ?? null,
      pause: currentPause(rest.pauses.get(habit.id), today),
    });
  });
}
