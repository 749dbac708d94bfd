import type { Reward } from '@habitquest/contracts/rewards';
import { compareRewards } from '@habitquest/core/rewards';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rewards } from '../db/schema';
import { toReward } from './to-reward';

/** GET /api/rewards: the shop in core's order (cheapest first, then by name, then by id). */
export async function listRewards(options: { db: Database; userId: string }): Promise<Reward[]> {
  const { db, userId } = options;
  const rows = await db.select().from(rewards).where(eq(rewards.userId, userId));
  // Sorted here rather than by the database, whose collation may order names another way.
  return rows.map(toReward).sort(compareRewards);
}
