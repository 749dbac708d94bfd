/**
 * The days the day streak passes over (core's dayStreakRestDays): vacation days, and days on which
 * every daily habit rested. The user's daily habits are read only when one of them has a skip or
 * a pause, so a user who never rests pays one small query.
 *
 * A daily habit counts on those days from its first day (core's restingFrom): the day it was made,
 * or an earlier day it was completed, skipped or paused. Its earliest completion before the day it
 * was made ("early completions" here) is read only when it could move a rest day: when the user
 * rests, and only for the daily habits made after their user's earliest skip or pause.
 */
import type { Settings } from '@habitquest/contracts/settings';
import { localDateOf, minDate, type LocalDate } from '@habitquest/core/dates';
import { dayStreakRestDays, restingFrom } from '@habitquest/core/rest';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { completions, habits } from '../db/schema';
import { loadRest, restOfHabit, type UserRest } from './load-rest';

/**
 * Each daily habit's earliest completion where it lies before the day the habit was made (in the
 * user's zone). Only the habits made after the user's earliest skip or pause need to be in it: an
 * earlier one counts on every rest day already (earlyHabits).
 */
export type EarlyCompletions = ReadonlyMap<string, LocalDate>;

type DailyHabitRow = Pick<
  typeof habits.$inferSelect,
  'id' | 'frequency' | 'isRecurring' | 'specificDate' | 'createdAt'
>;

export async function loadDayRestDays(options: {
  db: Database | Tx;
  userId: string;
  today: LocalDate;
  settings: Pick<Settings, 'timeZone' | 'weekStart'>;
  rest?: UserRest;
}): Promise<Set<LocalDate>> {
  const { db, userId, settings } = options;
  const rest = options.rest ?? (await loadRest(db, userId));
  if (!hasHabitRest(rest)) return dayRestDaysOf({ ...options, rest, habits: [] });
  const daily = await db
    .select({
      id: habits.id,
      frequency: habits.frequency,
      isRecurring: habits.isRecurring,
      specificDate: habits.specificDate,
      createdAt: habits.createdAt,
    })
    .from(habits)
    .where(and(eq(habits.userId, userId), eq(habits.frequency, 'daily')));
  const early = await loadEarlyCompletions(db, {
    userId,
    habits: daily,
    rest,
    timeZone: settings.timeZone,
  });
  return dayRestDaysOf({ ...options, rest, habits: daily, early });
}

/** Whether a habit of the user has a skip or a pause (only then do its daily habits matter). */
export function hasHabitRest(rest: UserRest): boolean {
  return rest.skips.size > 0 || rest.pauses.size > 0;
}

/**
 * The daily habits whose early completions can move a rest day: those made after the user's
 * earliest skip or pause (a habit made before it counts on every day that could rest).
 */
function earlyHabits(
  rows: readonly DailyHabitRow[],
  rest: UserRest,
  timeZone: string,
): { id: string; createdOn: LocalDate }[] {
  let earliest: LocalDate | undefined;
  const consider = (day: LocalDate) => {
    earliest = earliest === undefined ? day : minDate(earliest, day);
  };
  for (const days of rest.skips.values()) days.forEach(consider);
  for (const ranges of rest.pauses.values()) for (const range of ranges) consider(range.startsOn);
  if (earliest === undefined) return [];
  const restsFrom = earliest;
  return rows
    .filter((row) => row.frequency === 'daily')
    .map((row) => ({ id: row.id, createdOn: localDateOf(row.createdAt, timeZone) }))
    .filter((row) => row.createdOn > restsFrom);
}

/** The early completions of the user's daily habits that can move a rest day (one query, or none). */
export async function loadEarlyCompletions(
  db: Database | Tx,
  options: { userId: string; habits: readonly DailyHabitRow[]; rest: UserRest; timeZone: string },
): Promise<EarlyCompletions> {
  const later = earlyHabits(options.habits, options.rest, options.timeZone);
  if (later.length === 0) return new Map();
  const first = await firstCompletionDays(db, {
    userId: options.userId,
    habitIds: later.map((row) => row.id),
    before: later.map((row) => row.createdOn).reduce((a, b) => (a > b ? a : b)),
  });
  return new Map(
    later.flatMap((row) => {
      const day = first.get(row.id);
      return day !== undefined && day < row.createdOn ? [[row.id, day] as const] : [];
    }),
  );
}

/** The earliest completion day before `before` of each of the habits that has one. */
export async function firstCompletionDays(
  db: Database | Tx,
  options: { userId: string; habitIds: readonly string[]; before: LocalDate },
): Promise<Map<string, LocalDate>> {
  if (options.habitIds.length === 0) return new Map();
  const rows = await db
    .select({
      habitId: completions.habitId,
      first: sql<LocalDate>`min(${completions.completionDate})::text`,
    })
    .from(completions)
    .where(
      and(
        eq(completions.userId, options.userId),
        inArray(completions.habitId, [...options.habitIds]),
        lt(completions.completionDate, options.before),
      ),
    )
    .groupBy(completions.habitId);
  return new Map(rows.map((row) => [row.habitId, row.first]));
}

/**
 * The early completions after a habit's completion on `day` was added (`isDone`) or removed: an
 * added one before the habit was made may be its earliest; undefined when the removed one was
 * its earliest, so they must be read again (the next earliest is not kept).
 */
export function earlyCompletionsAfter(
  early: EarlyCompletions,
  change: { habit: DailyHabitRow; day: LocalDate; isDone: boolean },
  timeZone: string,
): EarlyCompletions | undefined {
  const { habit, day, isDone } = change;
  if (habit.frequency !== 'daily') return early;
  const earliest = early.get(habit.id);
  if (!isDone) return earliest === day ? undefined : early;
  if (earliest !== undefined && earliest <= day) return early;
  if (day >= localDateOf(habit.createdAt, timeZone)) return early;
  return new Map(early).set(habit.id, day);
}

/**
 * The days the day streak passes over, from rest, habits and early completions already read;
 * `habits` may hold every habit of the user (only the daily ones count). The habits count only
 * when hasHabitRest is true: otherwise they may be empty, and `early` left out.
 */
export function dayRestDaysOf(options: {
  today: LocalDate;
  settings: Pick<Settings, 'timeZone' | 'weekStart'>;
  rest: UserRest;
  habits: readonly DailyHabitRow[];
  early?: EarlyCompletions | undefined;
}): Set<LocalDate> {
  const { today, settings, rest } = options;
  const early = options.early ?? new Map<string, LocalDate>();
  return dayStreakRestDays({
    vacations: rest.vacations,
    habits: (hasHabitRest(rest) ? options.habits : [])
      .filter((row) => row.frequency === 'daily')
      .map((row) => ({
        id: row.id,
        frequency: row.frequency,
        isRecurring: row.isRecurring,
        specificDate: row.specificDate,
        createdAt: row.createdAt,
        createdOn: restingFrom(localDateOf(row.createdAt, settings.timeZone), {
          firstCompletedOn: early.get(row.id),
          skips: rest.skips.get(row.id),
          pauses: rest.pauses.get(row.id),
        }),
        rest: restOfHabit(rest, row.id),
      })),
    today,
    weekStart: settings.weekStart,
  });
}

/**
 * The early completions kept at the revision a write was made at, after it (`changedDay`: the
 * day whose completion it added or removed, or null); undefined when none were kept, or the
 * write undid the earliest (they are then read again).
 */
export function keptEarlyAfter(
  kept: EarlyCompletions | undefined,
  changedDay: LocalDate | null,
  habit: DailyHabitRow | undefined,
  completed: boolean,
  timeZone: string,
): EarlyCompletions | undefined {
  if (kept === undefined || changedDay === null) return kept;
  if (habit === undefined) return undefined;
  return earlyCompletionsAfter(kept, { habit, day: changedDay, isDone: completed }, timeZone);
}
