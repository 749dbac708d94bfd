import { DEFAULT_CATEGORIES, FALLBACK_CATEGORY } from '@habitquest/core/categories';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  achievements,
  categories,
  habits,
  ledger,
  progress,
  purchasedRewards,
  rewards,
  vacations,
} from '../db/schema';
import { lockUser } from '../progress/ledger';

/**
 * POST /api/reset: back to a new account's data in one transaction — no habits, completions,
 * rewards, inventory, achievements or rest days (skips, pauses, vacations), zero points and XP, the
 * seven default categories and the fallback.
 * Settings, the account and its Pro status stay.
 */
export async function resetData(options: { db: Database; userId: string }): Promise<void> {
  const { db, userId } = options;
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    // Skips and pauses go with their habits (on delete cascade); vacations belong to the user.
    await tx.delete(habits).where(eq(habits.userId, userId));
    await tx.delete(vacations).where(eq(vacations.userId, userId));
    await tx.delete(rewards).where(eq(rewards.userId, userId));
    await tx.delete(purchasedRewards).where(eq(purchasedRewards.userId, userId));
    await tx.delete(categories).where(eq(categories.userId, userId));
    // The history goes with the data it explains; an empty ledger sums to the zeroed cache.
    await tx.delete(ledger).where(eq(ledger.userId, userId));
    // Earned by the data that goes: a new account's start has none.
    await tx.delete(achievements).where(eq(achievements.userId, userId));
    await tx
      .update(progress)
      .set({ xp: 0, points: 0, updatedAt: new Date() })
      .where(eq(progress.userId, userId));
    await tx
      .insert(categories)
      .values([
        ...DEFAULT_CATEGORIES.map((seed) => ({ userId, ...seed })),
        { userId, ...FALLBACK_CATEGORY, isFallback: true },
      ]);
  });
}
