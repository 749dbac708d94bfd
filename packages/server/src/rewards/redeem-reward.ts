import { canRedeem } from '@habitquest/core/rewards';
import { ERROR_MESSAGES } from '@habitquest/contracts/errors';
import type { RedeemResult } from '@habitquest/contracts/rewards';
import { and, count, eq, max } from 'drizzle-orm';
import type { Tx } from '../db/client';
import type { Database } from '../db/client';
import { purchasedRewards, rewards } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { lockUser, recordLedger } from '../progress/ledger';
import { loadProgress } from '../progress/load-progress';
import { loadSettings, todayFor } from '../settings/load-settings';
import { toPurchase } from './to-reward';
import { unlockEarned } from '../achievements/unlock';

/**
 * POST /api/rewards/:id/redeem: spends the reward's cost, records a snapshot in the inventory and
 * takes the reward out of the shop unless it is kept there. One transaction behind the user's
 * lock, so parallel redeems can never spend the same points twice.
 */
export async function redeemReward(options: {
  db: Database;
  userId: string;
  id: string;
  now: Date;
}): Promise<RedeemResult & { unlocked: string[] }> {
  const { db, userId, id, now } = options;
  return db.transaction(async (tx) => {
    const balance = await lockUser(tx, userId);
    const where = and(eq(rewards.id, id), eq(rewards.userId, userId));
    const [reward] = await tx.select().from(rewards).where(where).for('update');
    if (!reward) throw notFound();
    // Money rule (docs/decisions.md): the balance must cover the cost; a negative balance never does.
    if (!canRedeem(balance.points, reward.cost)) {
      throw new HttpError('INSUFFICIENT_POINTS', ERROR_MESSAGES.insufficientPoints, {
        points: balance.points,
        cost: reward.cost,
      });
    }
    const [row] = await tx
      .insert(purchasedRewards)
      .values({
        userId,
        rewardId: reward.id,
        rewardName: reward.name,
        rewardCost: reward.cost,
        rewardDescription: reward.description,
        rewardIcon: reward.icon,
        rewardRarity: reward.rarity,
        purchasedAt: await purchaseTime(tx, userId, now),
      })
      .returning();
    if (!row) throw new Error('purchase insert returned no row');
    await recordLedger(tx, {
      userId,
      kind: 'redeem',
      xpDelta: 0,
      pointsDelta: -reward.cost,
      refId: row.id,
    });
    if (!reward.keepInShop) await tx.delete(rewards).where(where);
    const settings = await loadSettings(tx, userId);
    const progress = await loadProgress({
      db: tx,
      userId,
      today: todayFor(settings, now),
      settings,
    });
    const [redeemed] = await tx
      .select({ n: count() })
      .from(purchasedRewards)
      .where(eq(purchasedRewards.userId, userId));
    const unlocked = await unlockEarned(tx, { userId, facts: { redeemed: redeemed?.n ?? 0 }, now });
    return {
      purchase: toPurchase(row, { isRewardInShop: reward.keepInShop }),
      progress,
      unlocked,
    };
  });
}

/**
 * The clock's time, nudged past the user's latest purchase when needed, so the inventory's
 * newest-first order is strict even with a coarse or frozen clock (the user lock orders redeems).
 */
async function purchaseTime(tx: Tx, userId: string, now: Date): Promise<Date> {
  const [latest] = await tx
    .select({ at: max(purchasedRewards.purchasedAt) })
    .from(purchasedRewards)
    .where(eq(purchasedRewards.userId, userId));
  const last = latest?.at?.getTime();
  return last !== undefined && last >= now.getTime() ? new Date(last + 1) : now;
}
