import type { RewardDeleteResult } from '@habitquest/contracts/rewards';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rewards } from '../db/schema';
import { notFound } from '../http/errors';
import { lockUser } from '../progress/ledger';

/**
 * DELETE /api/rewards/:id. Points spent on it are not refunded and the inventory keeps its
 * snapshots (docs/product.md, Delete Reward confirmation).
 */
export async function deleteReward(options: {
  db: Database;
  userId: string;
  id: string;
}): Promise<RewardDeleteResult> {
  const { db, userId, id } = options;
  return db.transaction(async (tx) => {
    // The user's lock before the reward's row, as a redeem takes them (docs/decisions.md).
    await lockUser(tx, userId);
    const deleted = await tx
      .delete(rewards)
      .where(and(eq(rewards.id, id), eq(rewards.userId, userId)))
      .returning({ id: rewards.id });
    if (deleted.length === 0) throw notFound();
    return { deleted: id };
  });
}
