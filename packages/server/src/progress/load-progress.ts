import type { Progress } from '@habitquest/contracts/me';
import { dayStreaks } from '@habitquest/core/streaks';
import type { LocalDate } from '@habitquest/core/dates';
import { eq } from 'drizzle-orm';
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
  const [row] = await db.select().from(progress).where(eq(progress.userId, userId));
  const dates = await db
    .selectDistinct({ date: completions.completionDate })
    .from(completions)
    .where(eq(completions.userId, userId));
  const streak = dayStreaks({ dates: dates.map((d) => d.date), today }).current;
  return toProgress({ xp: row?.xp ?? 0, points: row?.points ?? 0, streak });
}
