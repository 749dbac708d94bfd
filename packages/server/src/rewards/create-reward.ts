import { eq } from 'drizzle-orm';
import type { Reward, RewardCreate } from '@habitquest/contracts/rewards';
import type { Database } from '../db/client';
import { ownClientMade } from '../db/client-made-id';
import { rewards } from '../db/schema';
import { enforceLimit } from '../plan/enforce-limit';
import { lockUser } from '../progress/ledger';
import { toReward } from './to-reward';

/** POST /api/rewards: a new reward in the shop, within the free plan's limit. */
export async function createReward(options: {
  db: Database;
  userId: string;
  input: RewardCreate;
}): Promise<Reward> {
  const { db, userId, input } = options;
  return db.transaction(async (tx) => {
    // The lock serialises the user's creates, so parallel requests cannot both pass the limit.
    await lockUser(tx, userId);
    const existing = ownClientMade(
      input.id === undefined ? [] : await tx.select().from(rewards).where(eq(rewards.id, input.id)),
      userId,
    );
    if (existing) return toReward(existing);
    await enforceLimit(tx, userId, 'rewards');
    const [row] = await tx
      .insert(rewards)
      .values({ userId, ...input })
      .returning();
    if (!row) throw new Error('reward insert returned no row');
    return toReward(row);
  });
}
