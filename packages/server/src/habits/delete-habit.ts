import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { completions, habits } from '../db/schema';
import { notFound } from '../http/errors';
import { lockUser, recordLedger } from '../progress/ledger';
import { loadProgressNow } from '../progress/load-progress';
import type { Progress } from '@habitquest/contracts/me';

/**
 * Deletes a habit and its completions. Their XP leaves the total (the level may drop, as the
 * delete dialog warns); points already earned stay, since they may have been spent. Answers the
 * progress after it, read before the commit: nothing after the commit can fail the change.
 */
export async function deleteHabit(options: {
  db: Database;
  userId: string;
  habitId: string;
  now: Date;
}): Promise<Progress> {
  const { db, userId, habitId, now } = options;
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [habit] = await tx
      .select({ id: habits.id })
      .from(habits)
      .where(and(eq(habits.userId, userId), eq(habits.id, habitId)));
    if (!habit) throw notFound();
    const [earned] = await tx
      .select({ xp: sql<number>`coalesce(sum(${completions.xpEarned}), 0)::int` })
      .from(completions)
      .where(and(eq(completions.userId, userId), eq(completions.habitId, habitId)));
    await tx.delete(habits).where(and(eq(habits.userId, userId), eq(habits.id, habitId)));
    const xp = earned?.xp ?? 0;
    if (xp !== 0) {
      await recordLedger(tx, {
        userId,
        kind: 'undo',
        xpDelta: -xp,
        pointsDelta: 0,
        refId: habitId,
      });
    }
    return loadProgressNow({ db: tx, userId, now });
  });
}
