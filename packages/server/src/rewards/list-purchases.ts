import type { Purchase } from '@habitquest/contracts/rewards';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { purchasedRewards, rewards } from '../db/schema';
import { toPurchase } from './to-reward';

/** GET /api/purchases: the inventory, newest first (docs/product.md). */
export async function listPurchases(options: {
  db: Database;
  userId: string;
}): Promise<Purchase[]> {
  const { db, userId } = options;
  const rows = await db
    .select({ purchase: purchasedRewards, shopId: rewards.id })
    .from(purchasedRewards)
    .leftJoin(rewards, and(eq(rewards.id, purchasedRewards.rewardId), eq(rewards.userId, userId)))
    .where(eq(purchasedRewards.userId, userId))
    .orderBy(desc(purchasedRewards.purchasedAt), desc(purchasedRewards.id));
  return rows.map((row) => toPurchase(row.purchase, { isRewardInShop: row.shopId !== null }));
}
