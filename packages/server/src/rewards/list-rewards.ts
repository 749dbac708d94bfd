import type { Reward } from '@habitquest/contracts/rewards';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rewards } from '../db/schema';
import { toReward } from './to-reward';

/** GET /api/rewards: the shop, cheapest first (docs/product.md), then by name. */
export async function listRewards(options: { db: Database; userId: string }): Promise<Reward[]> {
  const { db, userId } = options;
  const rows = await db
    .select()
    .from(rewards)
    .where(eq(rewards.userId, userId))
    .orderBy(asc(rewards.cost), asc(rewards.name), asc(rewards.id));
  return rows.map(toReward);
}
