import type { Reward, RewardUpdate } from '@habitquest/contracts/rewards';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rewards } from '../db/schema';
import { notFound } from '../http/errors';
import { lockUser } from '../progress/ledger';
import { toReward } from './to-reward';

/** PATCH /api/rewards/:id. Past purchases keep their snapshot of the old values. */
export async function updateReward(options: {
  db: Database;
  userId: string;
  id: string;
  patch: RewardUpdate;
}): Promise<Reward> {
  const { db, userId, id, patch } = options;
  return db.transaction(async (tx) => {
    // The user's lock before the reward's row, as a redeem takes them (docs/decisions.md).
    await lockUser(tx, userId);
    const [row] = await tx
      .update(rewards)
      .set({
        name: patch.name,
        cost: patch.cost,
        description: patch.description,
        category: patch.category,
        icon: patch.icon,
        rarity: patch.rarity,
        keepInShop: patch.keepInShop,
      })
      .where(and(eq(rewards.id, id), eq(rewards.userId, userId)))
      .returning();
    if (!row) throw notFound();
    return toReward(row);
  });
}
