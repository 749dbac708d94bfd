import type { Plan } from '@habitquest/contracts/me';
import { isProFrom, planLimits } from '@habitquest/core/plan';
import { and, count, eq } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { categories, entitlements, habits, purchases, rewards } from '../db/schema';

// Queries here run one after another: inside a transaction they share one connection, which
// must not be given concurrent queries.

/** Whether the user is Pro (paid purchase or entitlement flag). */
export async function loadIsPro(db: Database | Tx, userId: string): Promise<boolean> {
  const paid = await db
    .select({ product: purchases.product, status: purchases.status })
    .from(purchases)
    .where(eq(purchases.userId, userId));
  const [entitlement] = await db.select().from(entitlements).where(eq(entitlements.userId, userId));
  return isProFrom({ purchases: paid, entitlement: entitlement ?? null });
}

/**
 * The plan with the user's counts. The fallback category is not counted: it is the system's
 * place for orphaned habits, not one the user created.
 */
export async function loadPlan(db: Database | Tx, userId: string): Promise<Plan> {
  const isPro = await loadIsPro(db, userId);
  const [habitCount] = await db
    .select({ n: count() })
    .from(habits)
    .where(eq(habits.userId, userId));
  const [categoryCount] = await db
    .select({ n: count() })
    .from(categories)
    .where(and(eq(categories.userId, userId), eq(categories.isFallback, false)));
  const [rewardCount] = await db
    .select({ n: count() })
    .from(rewards)
    .where(eq(rewards.userId, userId));
  return {
    isPro,
    limits: planLimits(isPro),
    counts: {
      habits: habitCount?.n ?? 0,
      categories: categoryCount?.n ?? 0,
      rewards: rewardCount?.n ?? 0,
    },
  };
}
