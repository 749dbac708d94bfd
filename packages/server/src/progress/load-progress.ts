import type { Progress } from '@habitquest/contracts/me';
import { dayStreaks } from '@habitquest/core/streaks';
import type { LocalDate } from '@habitquest/core/dates';
import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { completions, progress } from '../db/schema';
import { toProgress } from './to-progress';

/** The user's progress: ledger sums from the cache row, day streak derived from completions. */
export async function loadProgress(options: {
  db: Database | Tx;
  userId: string;
  today: LocalDate;
}): Promise<Progress> {
  const { db, userId, today } = options;
  // One row: the cached sums and every day with a completion, gathered as one text array (a
  // year of history is one value to parse, not 365 rows). Text, so no driver turns days into Dates.
  const [row] = await db
    .select({
      xp: progress.xp,
      points: progress.points,
      days: sql<
        string[] | null
      >`(select array_agg(distinct ${completions.completionDate}::text) from ${completions} where ${completions.userId} = ${userId})`,
    })
    .from(progress)
    .where(eq(progress.userId, userId));
  const streak = dayStreaks({ dates: row?.days ?? [], today }).current;
  return toProgress({ xp: row?.xp ?? 0, points: row?.points ?? 0, streak });
}
