import type { Habit } from '@habitquest/contracts/habits';
import { localDateOf, type LocalDate } from '@habitquest/core/dates';
import { habitStreaks } from '@habitquest/core/streaks';
import { firstDayOf } from '@habitquest/core/visibility';
import { and, desc, eq, max, sql } from 'drizzle-orm';
import { readTogether, type Database, type Tx } from '../db/client';
import { categories, completions, habits } from '../db/schema';
import { loadSettings, todayFor } from '../settings/load-settings';
import { currentPause, loadRest, restOfHabit } from '../rest/load-rest';
import type { DerivedCache } from './derived-cache';
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
  return (await deriveHabits(options)).habits;
}

/** What GET /api/habits keeps per user (derived-cache.ts): the list, and the day it is for. */
export type DerivedHabits = { habits: Habit[]; timeZone: string; today: LocalDate };

/**
 * GET /api/habits: the list kept for the user's data revision when it was derived for today in
 * their time zone (a change of zone moves the revision too), else derived and kept.
 */
export async function listHabitsKept(options: {
  db: Database;
  userId: string;
  now: Date;
  revision: number | null;
  cache: DerivedCache<DerivedHabits>;
}): Promise<Habit[]> {
  const { userId, revision, cache } = options;
  const kept = revision === null ? undefined : cache.get(userId, revision);
  // Derived for today in the zone it was derived in (a new zone moves the revision too).
  if (kept?.today === localDateOf(options.now, kept?.timeZone ?? 'UTC')) return kept.habits;
  const derived = await deriveHabits(options);
  if (revision !== null) cache.set(userId, revision, derived);
  return derived.habits;
}

async function deriveHabits(options: {
  db: Database | Tx;
  userId: string;
  now: Date;
  habitId?: string;
}): Promise<DerivedHabits> {
  const { db, userId } = options;
  const settings = await loadSettings(db, userId);
  const today: LocalDate = todayFor(settings, options.now);
  const habitFilter = options.habitId
    ? and(eq(habits.userId, userId), eq(habits.id, options.habitId))
    : eq(habits.userId, userId);
  const completionFilter = options.habitId
    ? and(eq(completions.userId, userId), eq(completions.habitId, options.habitId))
    : eq(completions.userId, userId);
  const [rows, history, rest] = await readTogether(
    db,
    () =>
      db
        .select({ habit: habits, category: { name: categories.name } })
        .from(habits)
        .leftJoin(categories, eq(categories.id, habits.categoryId))
        .where(habitFilter)
        .orderBy(desc(habits.createdAt), desc(habits.id)),
    // One row per habit with its completion dates gathered by the database (as text, so no driver
    // turns them into Dates): a year of daily history is one array, not 365 rows to parse and map.
    () =>
      db
        .select({
          habitId: completions.habitId,
          dates: sql<string[]>`array_agg(${completions.completionDate}::text)`,
          at: max(completions.completedAt),
        })
        .from(completions)
        .where(completionFilter)
        .groupBy(completions.habitId),
    () => loadRest(db, userId, options.habitId),
  );
  const datesByHabit = new Map(history.map((row) => [row.habitId, row.dates]));
  const lastByHabit = new Map(history.map((row) => [row.habitId, row.at]));
  const list = rows.map(({ habit, category }) => {
    const dates = datesByHabit.get(habit.id) ?? [];
    const streaks = habitStreaks({
      dates,
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
      countsFrom: firstDayOf(localDateOf(habit.createdAt, settings.timeZone), dates),
      pause: currentPause(rest.pauses.get(habit.id), today),
    });
  });
  return { habits: list, timeZone: settings.timeZone, today };
}
