import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { completions, habits } from '../db/schema';
import { notFound } from '../http/errors';
import { lockUser, recordLedger, type Balances } from '../progress/ledger';

/**
 * Deletes a habit and its completions. Their XP leaves the total (the level may drop, as the
 * delete dialog warns); points already earned stay, since they may have been spent.
 */
export async function deleteHabit(options: {
  db: Database;
  userId: string;
  habitId: string;
}): Promise<Balances> {
  const { db, userId, habitId } = options;
  return db.transaction(async (tx) => {
    const balances = await lockUser(tx, userId);
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
    if (xp === 0) return balances;
    return recordLedger(tx, { userId, kind: 'undo', xpDelta: -xp, pointsDelta: 0, refId: habitId });
  });
}
