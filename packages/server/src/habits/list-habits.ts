import type { Habit } from '@habitquest/contracts/habits';
import type { LocalDate } from '@habitquest/core/dates';
import { habitStreaks } from '@habitquest/core/streaks';
import { and, desc, eq, max } from 'drizzle-orm';
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
  const [rows, keys, latest] = await Promise.all([
    db
      .select({ habit: habits, category: { name: categories.name } })
      .from(habits)
      .leftJoin(categories, eq(categories.id, habits.categoryId))
      .where(habitFilter)
      .orderBy(desc(habits.createdAt), desc(habits.id)),
    db
      .select({ habitId: completions.habitId, periodKey: completions.periodKey })
      .from(completions)
      .where(eq(completions.userId, userId)),
    db
      .select({ habitId: completions.habitId, at: max(completions.completedAt) })
      .from(completions)
      .where(eq(completions.userId, userId))
      .groupBy(completions.habitId),
  ]);
  const keysByHabit = new Map<string, string[]>();
  for (const { habitId, periodKey } of keys) {
    const list = keysByHabit.get(habitId) ?? [];
    list.push(periodKey);
    keysByHabit.set(habitId, list);
  }
  const lastByHabit = new Map(latest.map((row) => [row.habitId, row.at]));
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
