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
  const { streak } = await dayStreakFrom({ db, userId, today, days: row?.days ?? [], restDays });
  return progressFigures({ xp: row?.xp ?? 0, points: row?.points ?? 0, streak });
}

/**
 * Every day up to `today` with a completion, newest first, as read for `today`. A set-state keeps
 * it with its other inputs (habits/set-completion.ts) so that a streak longer than the recent days
 * does not read the whole history again on the next change (docs/performance.md).
 */
export type CompletionDays = { today: LocalDate; days: readonly LocalDate[] };

/**
 * The day streak from the latest RECENT_DAYS days with a completion (newest first): exact when the
 * run is shorter than them. A longer run needs every day: taken from `kept` when that is still
 * exact (everyDayAfter), else read in one query. `everyDay` is answered whenever it was needed.
 */
export async function dayStreakFrom(options: {
  db: Database | Tx;
  userId: string;
  today: LocalDate;
  days: readonly LocalDate[];
  restDays: ReadonlySet<LocalDate>;
  /** Every completion day as it was before one change, and the date that change was made on. */
  kept?: { everyDay: CompletionDays; changed: LocalDate } | undefined;
}): Promise<{ streak: number; everyDay?: CompletionDays }> {
  const { db, userId, today, restDays, kept } = options;
  const streak = dayStreaks({ dates: options.days, today, restDays }).current;
  if (options.days.length !== RECENT_DAYS || streak !== RECENT_DAYS) return { streak };
  // The run reaches past the window: every day is needed.
  let days = kept ? everyDayAfter(kept.everyDay, kept.changed, options.days, today) : null;
  if (!days) {
    const [all] = await db
      .select({ days: recentDays(userId, today, null) })
      .from(progress)
      .limit(1);
    days = all?.days ?? [...options.days];
  }
  return {
    streak: dayStreaks({ dates: days, today, restDays }).current,
    everyDay: { today, days },
  };
}

/**
 * Every day with a completion after a change, without reading them: the latest days (`recent`,
 * read after the change, newest first) and, older than those, the days kept from before it.
 * Exact when the kept days were read for the same today and the change's date is not older than
 * the oldest recent day: a change of one date adds or removes that day only, so every older day
 * is as it was, and every day from the oldest recent one to today is in `recent`. Otherwise null:
 * the caller reads them all. Property-tested against the days themselves (load-progress.test.ts).
 */
export function everyDayAfter(
  kept: CompletionDays,
  changed: LocalDate,
  recent: readonly LocalDate[],
  today: LocalDate,
): LocalDate[] | null {
  const oldest = recent.at(-1);
  if (kept.today !== today || oldest === undefined || changed < oldest) return null;
  const older = kept.days.filter((day) => day < oldest);
  return [...recent, ...older];
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
