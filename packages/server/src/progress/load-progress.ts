import type { Progress } from '@habitquest/contracts/me';
import type { Settings } from '@habitquest/contracts/settings';
import { progressFigures } from '@habitquest/core/levels';
import { dayStreaks } from '@habitquest/core/streaks';
import { addDays, type LocalDate } from '@habitquest/core/dates';
import { and, between, eq, sql } from 'drizzle-orm';
import { readTogether, type Database, type Tx } from '../db/client';
import { completions, progress } from '../db/schema';
import { loadDayRestDays } from '../rest/day-rest';
import type { UserRest } from '../rest/load-rest';
import { loadSettings, todayFor } from '../settings/load-settings';

/**
 * How many of the most recent days with a completion are read first. The day streak only looks
 * back from today, so a streak shorter than this is exact from them; a longer one reads them all
 * (knownDayStreak).
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
  const { streak } = await dayStreakFrom({
    db,
    userId,
    known: recentCompletionDays(today, row?.days ?? []),
    restDays,
  });
  return progressFigures({ xp: row?.xp ?? 0, points: row?.points ?? 0, streak });
}

/**
 * Every day with a completion from `floor` up to `today`, newest first, as known for `today`;
 * `floor` null: every one of them. A set-state keeps it with its other inputs
 * (habits/set-completion.ts), so that the next change reads no days at all: only whether the day
 * it touched still has a completion (daysAfterChange; docs/performance.md, "Server paths").
 */
export type CompletionDays = {
  today: LocalDate;
  floor: LocalDate | null;
  days: readonly LocalDate[];
};

/**
 * What a read of the latest RECENT_DAYS days with a completion (newest first) knows: every day
 * from the oldest of them when it found that many, else every day there is.
 */
export function recentCompletionDays(today: LocalDate, days: readonly LocalDate[]): CompletionDays {
  return { today, floor: days.length < RECENT_DAYS ? null : (days.at(-1) ?? null), days };
}

/**
 * The day streak from the days known (newest first). Exact unless its run takes in every known day
 * and older days are unknown (`floor`): then every day is read, in one query. The days are
 * answered as known after that, for the next change to keep.
 */
export async function dayStreakFrom(options: {
  db: Database | Tx;
  userId: string;
  known: CompletionDays;
  restDays: ReadonlySet<LocalDate>;
}): Promise<{ streak: number; days: CompletionDays }> {
  const { db, userId, known, restDays } = options;
  const { today } = known;
  const streak = knownDayStreak(known, restDays);
  if (streak !== null) return { streak, days: known };
  const [all] = await db
    .select({ days: recentDays(userId, today, null) })
    .from(progress)
    .limit(1);
  const days = all?.days ?? [...known.days];
  return {
    streak: dayStreaks({ dates: days, today, restDays }).current,
    days: { today, floor: null, days },
  };
}

/**
 * The day streak from the known days alone, or null when it needs older ones: a run that stops
 * at a day without a completion inside the known days is the whole run; one that takes in every
 * known day may go on before the floor. Property-tested against every day (load-progress.test.ts).
 */
export function knownDayStreak(
  known: CompletionDays,
  restDays: ReadonlySet<LocalDate>,
): number | null {
  const streak = dayStreaks({ dates: known.days, today: known.today, restDays }).current;
  return known.floor === null || streak < known.days.length ? streak : null;
}

/**
 * The days known after a change, from those known before it and the day whose completions it
 * changed (null: none), with whether that day has a completion of any habit after it: that day
 * alone can have changed. A day before the floor, or after today, is not among the known days and
 * leaves them as they were. Null when they were known for another today: the caller reads the
 * latest days instead. Property-tested against the days themselves (load-progress.test.ts).
 */
export function daysAfterChange(
  known: CompletionDays,
  change: { day: LocalDate; isDone: boolean } | null,
  today: LocalDate,
): CompletionDays | null {
  if (known.today !== today) return null;
  if (change === null) return known;
  const { day, isDone } = change;
  if (day > today || (known.floor !== null && day < known.floor)) return known;
  const others = known.days.filter((d) => d !== day);
  if (!isDone) return others.length === known.days.length ? known : { ...known, days: others };
  if (others.length < known.days.length) return known;
  const at = others.findIndex((d) => d < day);
  const days = at === -1 ? [...others, day] : others.toSpliced(at, 0, day);
  return { ...known, days };
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
  db: Database | Tx;
  userId: string;
  now: Date;
}): Promise<Progress> {
  const settings = await loadSettings(options.db, options.userId);
  return loadProgress({ ...options, today: todayFor(settings, options.now), settings });
}

/**
 * The longest run of days with a completion within `reach` days of `date` (either side, up to
 * today), passing over rest days: what a completion back-filled for `date` can make of the day
 * streak's best run, which the current streak does not show. Read only while a day-streak
 * achievement is locked (core's lockedStreakReach), in the change's transaction.
 */
export async function bestRunAround(options: {
  db: Database | Tx;
  userId: string;
  date: LocalDate;
  reach: number;
  today: LocalDate;
  restDays: ReadonlySet<LocalDate>;
}): Promise<number> {
  const { db, userId, date, reach, today, restDays } = options;
  const to = addDays(date, reach - 1);
  const rows = await db
    .selectDistinct({ day: completions.completionDate })
    .from(completions)
    .where(
      and(
        eq(completions.userId, userId),
        between(completions.completionDate, addDays(date, 1 - reach), to < today ? to : today),
      ),
    );
  return dayStreaks({ dates: rows.map((row) => row.day), today, restDays }).best;
}
