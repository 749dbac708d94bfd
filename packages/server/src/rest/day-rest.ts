/**
 * The days the day streak passes over (core's dayStreakRestDays): vacation days, and days on which
 * every daily habit rested. The user's daily habits are read only when one of them has a skip or
 * a pause, so a user who never rests pays one small query.
 */
import type { Settings } from '@habitquest/contracts/settings';
import { localDateOf, type LocalDate } from '@habitquest/core/dates';
import { dayStreakRestDays } from '@habitquest/core/rest';
import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { habits } from '../db/schema';
import { loadRest, restOfHabit, type UserRest } from './load-rest';

export async function loadDayRestDays(options: {
  db: Database | Tx;
  userId: string;
  today: LocalDate;
  settings: Pick<Settings, 'timeZone' | 'weekStart'>;
  rest?: UserRest;
}): Promise<Set<LocalDate>> {
  const { db, userId } = options;
  const rest = options.rest ?? (await loadRest(db, userId));
  const daily = hasHabitRest(rest)
    ? await db
        .select({
          id: habits.id,
          frequency: habits.frequency,
          isRecurring: habits.isRecurring,
          specificDate: habits.specificDate,
          createdAt: habits.createdAt,
        })
        .from(habits)
        .where(and(eq(habits.userId, userId), eq(habits.frequency, 'daily')))
    : [];
  return dayRestDaysOf({ ...options, rest, habits: daily });
}

/** Whether a habit of the user has a skip or a pause (only then do its daily habits matter). */
export function hasHabitRest(rest: UserRest): boolean {
  return rest.skips.size > 0 || rest.pauses.size > 0;
}

type DailyHabitRow = Pick<
  typeof habits.$inferSelect,
  'id' | 'frequency' | 'isRecurring' | 'specificDate' | 'createdAt'
>;

/**
 * The days the day streak passes over, from rest and habits already read; `habits` may hold every
 * habit of the user (only the daily ones count) and may be empty when hasHabitRest is false.
 */
export function dayRestDaysOf(options: {
  today: LocalDate;
  settings: Pick<Settings, 'timeZone' | 'weekStart'>;
  rest: UserRest;
  habits: readonly DailyHabitRow[];
}): Set<LocalDate> {
  const { today, settings, rest } = options;
  return dayStreakRestDays({
    vacations: rest.vacations,
    habits: options.habits
      .filter((row) => row.frequency === 'daily')
      .map((row) => {
        const habitRest = restOfHabit(rest, row.id);
        // A habit skipped or paused on a day existed for its user then, even if it was made later
        // (a back-filled history, an import): it counts from the earlier of the two.
        const earliest = [
          localDateOf(row.createdAt, settings.timeZone),
          ...(rest.skips.get(row.id) ?? []),
          ...(rest.pauses.get(row.id) ?? []).map((pause) => pause.startsOn),
        ].sort()[0];
        return {
          id: row.id,
          frequency: row.frequency,
          isRecurring: row.isRecurring,
          specificDate: row.specificDate,
          createdAt: row.createdAt,
          createdOn: earliest ?? today,
          rest: habitRest,
        };
      }),
    today,
    weekStart: settings.weekStart,
  });
}
