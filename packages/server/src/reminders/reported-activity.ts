/**
 * What the server's reminder planner knows of a user's activity (push-sender.ts), where a tab's
 * planner reads its own device: the activity the user's browsers reported with their push
 * subscriptions, and the hours the user completes habits at, from the database.
 */
import type { LocalDate } from '@habitquest/core/dates';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { completions, pushSubscriptions } from '../db/schema';

export type ReportedActivity = {
  /** The latest app open, click or key press any of the user's browsers reported, quiet ones too. */
  lastActive: number | null;
  /** The days any of them started a session on: the weekly activity score's. */
  dailySessions: Record<LocalDate, number>;
  /** This year's completions by local hour: the daily nudges' habitual hours. */
  completionsByHour: Map<number, number>;
};

/**
 * The planner's "inactive for N hours" gates then hold back what an open tab's planner holds
 * back, a busy week skips the nudges as on the tab, and the nudges come at the hours the user
 * completes habits, learnt from this year's completions as a tab learns them from the year it
 * holds. `withHours` false (intelligent timing off) leaves the hours empty, unread.
 */
export async function reportedActivity(
  db: Database,
  options: { userId: string; timeZone: string; today: LocalDate; withHours: boolean },
): Promise<ReportedActivity> {
  const { userId } = options;
  const reports = await db
    .select({ at: pushSubscriptions.activeAt, days: pushSubscriptions.sessionDays })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  const latest = Math.max(0, ...reports.map((report) => report.at?.getTime() ?? 0));
  return {
    lastActive: latest === 0 ? null : latest,
    dailySessions: Object.fromEntries(
      reports.flatMap((report) => report.days ?? []).map((day) => [day, 1]),
    ),
    completionsByHour: options.withHours
      ? await completionsByLocalHour(db, {
          userId,
          timeZone: options.timeZone,
          since: `${options.today.slice(0, 4)}-01-01`,
        })
      : new Map<number, number>(),
  };
}

/** The user's completions since `since`, counted by the local hour they were made at. */
async function completionsByLocalHour(
  db: Database,
  options: { userId: string; timeZone: string; since: LocalDate },
): Promise<Map<number, number>> {
  const hour = sql<number>`extract(hour from ${completions.completedAt} at time zone ${options.timeZone})::int`;
  const rows = await db
    .select({ hour, count: sql<number>`count(*)::int` })
    .from(completions)
    .where(
      and(eq(completions.userId, options.userId), gte(completions.completionDate, options.since)),
    )
    // By position: the zone is a parameter, and PostgreSQL cannot tell two of them are equal.
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.hour, row.count]));
}
