import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { entitlements, purchases } from '../db/schema';
import { findUser, type FoundUser } from './find-user';

export const REVOKED_STATUS = 'revoked';

/**
 * `revoke-pro <email|username>`: the user is free afterwards, whatever made them Pro. Both
 * entitlement flags go false, and paid purchases are marked 'revoked' rather than deleted, so the
 * record of the payment stays for the books (and a refund can still be traced). Returns null when
 * no such account exists.
 */
export async function revokePro(options: {
  db: Database;
  identifier: string;
}): Promise<{ user: FoundUser; revokedPurchases: number } | null> {
  const { db, identifier } = options;
  const target = await findUser(db, identifier);
  if (!target) return null;
  const revoked = await db.transaction(async (tx) => {
    await tx
      .insert(entitlements)
      .values({ userId: target.id, premiumHabit: false, premiumBundle: false })
      .onConflictDoUpdate({
        target: entitlements.userId,
        set: { premiumHabit: false, premiumBundle: false, updatedAt: new Date() },
      });
    return tx
      .update(purchases)
      .set({ status: REVOKED_STATUS, updatedAt: new Date() })
      .where(and(eq(purchases.userId, target.id), eq(purchases.status, 'paid')))
      .returning({ id: purchases.id });
  });
  return { user: target, revokedPurchases: revoked.length };
}
