import type { Plan } from '@habitquest/contracts/me';
import { isProFrom, planLimits } from '@habitquest/core/plan';
import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { categories, entitlements, habits, purchases, rewards, user } from '../db/schema';

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
  // The three counts in one round trip: scalar subqueries on the user's own row.
  const [counts] = await db
    .select({
      habits: sql<number>`(select count(*)::int from ${habits} where ${habits.userId} = ${userId})`,
      categories: sql<number>`(select count(*)::int from ${categories} where ${categories.userId} = ${userId} and not ${categories.isFallback})`,
      rewards: sql<number>`(select count(*)::int from ${rewards} where ${rewards.userId} = ${userId})`,
    })
    .from(user)
    .where(eq(user.id, userId));
  return {
    isPro,
    limits: planLimits(isPro),
    counts: {
      habits: counts?.habits ?? 0,
      categories: counts?.categories ?? 0,
      rewards: counts?.rewards ?? 0,
    },
  };
}
