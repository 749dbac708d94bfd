import type { Progress } from '@habitquest/contracts/me';
import type { Settings } from '@habitquest/contracts/settings';
import { progressFigures } from '@habitquest/core/levels';
import { dayStreaks } from '@habitquest/core/streaks';
import type { LocalDate } from '@habitquest/core/dates';
import { eq, sql } from 'drizzle-orm';
import { readTogether, type Database, type Tx } from '../db/client';
import { completions, progress } from '../db/schema';
import { loadDayRestDays } from '../rest/day-rest';
import type { UserRest } from '../rest/load-rest';
import { loadSettings, todayFor } from '../settings/load-settings';

/**
 * How many of the most recent days with a completion are read first. The day streak only looks
 * back from today, so a streak shorter than this is exact from them; a longer one reads them all.
 */
export const RECENT_DAYS = 64;

/** The user's progress: ledger sums from the cache row, day streak derived from completions. */
export async function loadProgress(options: {
  db: Database | Tx;
  userId: string;
  today: LocalDate;
  settings: Pick<Settings, 'timeZone' | 'weekStart'>;
  /** The user's rest, when the caller has read it already. */
  rest?: UserRest;
}): Promise<Progress> {
  const { db, userId, today } = options;
  const readRestDays = () =>
    loadDayRestDays({ db, userId, today, settings: options.settings, rest: options.rest });
  const readBalances = () =>
    db
      .select({
        xp: progress.xp,
        points: progress.points,
        days: recentDays(userId, today, RECENT_DAYS),
      })
      .from(progress)
      .where(eq(progress.userId, userId));
  const [restDays, [row]] = await readTogether(db, readRestDays, readBalances);
  const streak = await dayStreakFrom({ db, userId, today, days: row?.days ?? [], restDays });
  return progressFigures({ xp: row?.xp ?? 0, points: row?.points ?? 0, streak });
}

/**
 * The day streak from the latest RECENT_DAYS days with a completion (newest first): exact when the
 * run is shorter than them, else every day is read (rare, and still one query).
 */
export async function dayStreakFrom(options: {
  db: Database | Tx;
  userId: string;
  today: LocalDate;
  days: readonly LocalDate[];
  restDays: ReadonlySet<LocalDate>;
}): Promise<number> {
  const { db, userId, today, restDays } = options;
  const streak = dayStreaks({ dates: options.days, today, restDays }).current;
  if (options.days.length !== RECENT_DAYS || streak !== RECENT_DAYS) return streak;
  // The run reaches past the window: read every day.
  const [all] = await db
    .select({ days: recentDays(userId, today, null) })
    .from(progress)
    .limit(1);
  return dayStreaks({ dates: all?.days ?? options.days, today, restDays }).current;
}

/**
 * The latest days up to today with a completion, newest first, as one text array (text, so no
 * driver turns days into Dates); `limit` null for all of them. The (user, date) index serves it
 * in order, so a limit stops the scan early however long the history.
 */
function recentDays(userId: string, today: LocalDate, limit: number | null) {
  const bound = limit === null ? sql`` : sql` limit ${limit}`;
  return sql<
    string[] | null
  >`(select array_agg(day::text order by day desc) from (select distinct ${completions.completionDate} as day from ${completions} where ${completions.userId} = ${userId} and ${completions.completionDate} <= ${today}::date order by day desc${bound}) as recent)`;
}

/** The user's progress after a change, in their own "today" (read from their settings). */
export async function loadProgressNow(options: {
  db: Database;
  userId: string;
  now: Date;
}): Promise<Progress> {
  const settings = await loadSettings(options.db, options.userId);
  return loadProgress({ ...options, today: todayFor(settings, options.now), settings });
}
