import { isProFrom } from '@habitquest/core/plan';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { entitlements, purchases, user } from '../db/schema';

export type ListedUser = {
  id: string;
  email: string;
  username: string | null;
  isPro: boolean;
  createdAt: Date;
};

/** `list-users`: every account, oldest first, with whether it is Pro (by core's rule). */
export async function listUsers(options: { db: Database }): Promise<ListedUser[]> {
  const { db } = options;
  const [accounts, paid] = await Promise.all([
    db
      .select({
        id: user.id,
        email: user.email,
        username: user.username,
        createdAt: user.createdAt,
        premiumHabit: entitlements.premiumHabit,
        premiumBundle: entitlements.premiumBundle,
      })
      .from(user)
      .leftJoin(entitlements, eq(entitlements.userId, user.id))
      .orderBy(asc(user.createdAt), asc(user.email)),
    db
      .select({ userId: purchases.userId, product: purchases.product, status: purchases.status })
      .from(purchases)
      .where(eq(purchases.status, 'paid')),
  ]);
  return accounts.map(({ premiumHabit, premiumBundle, ...account }) => ({
    ...account,
    isPro: isProFrom({
      purchases: paid.filter((purchase) => purchase.userId === account.id),
      entitlement:
        premiumHabit === null || premiumBundle === null ? null : { premiumHabit, premiumBundle },
    }),
  }));
}
