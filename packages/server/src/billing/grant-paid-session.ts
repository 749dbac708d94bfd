/**
 * Fulfilment of a Checkout Session: the purchase row and the entitlement it grants, written in the
 * caller's transaction. A status only moves forward (pending → paid, pending → failed), so events
 * that arrive late or out of order can never take Pro away.
 */
import { isProduct, PRICES, CURRENCY, type Product } from '@habitquest/core/plan';
import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Tx } from '../db/client';
import { entitlements, purchases, user } from '../db/schema';

export type PurchaseStatus = 'pending' | 'paid' | 'failed';

type Owner = { userId: string; product: Product };

/**
 * Marks the session's purchase paid and sets the product's entitlement flag, once: returns the
 * user granted, or null when it had been granted already, was revoked by the operator, or the
 * session is not one of ours.
 */
export async function grantPaidSession(
  tx: Tx,
  session: Stripe.Checkout.Session,
  now: Date,
): Promise<string | null> {
  const owner = await ownerOf(tx, session);
  if (!owner) return null;
  const [row] = await tx
    .insert(purchases)
    .values({
      userId: owner.userId,
      product: owner.product,
      status: 'paid',
      amount: session.amount_total ?? PRICES[owner.product],
      currency: session.currency ?? CURRENCY,
      checkoutSessionId: session.id,
    })
    .onConflictDoUpdate({
      target: purchases.checkoutSessionId,
      set: { status: 'paid', updatedAt: now },
      // 'paid' stays as it is, and so does the operator's 'revoked'.
      setWhere: inArray(purchases.status, ['pending', 'failed']),
    })
    .returning({ userId: purchases.userId, product: purchases.product });
  if (!row || !isProduct(row.product)) return null;
  const flags = row.product === 'bundle' ? { premiumBundle: true } : { premiumHabit: true };
  // Only ever sets a flag to true: revoking is the operator's decision, never a webhook's.
  await tx
    .insert(entitlements)
    .values({ userId: row.userId, ...flags })
    .onConflictDoUpdate({ target: entitlements.userId, set: { ...flags, updatedAt: now } });
  return row.userId;
}

/**
 * Marks a still-pending purchase failed; returns its user, or null when there was none. A paid
 * purchase is left alone and no entitlement is touched.
 */
export async function failPendingSession(
  tx: Tx,
  session: Stripe.Checkout.Session,
  now: Date,
): Promise<string | null> {
  const [row] = await tx
    .update(purchases)
    .set({ status: 'failed', updatedAt: now })
    .where(and(eq(purchases.checkoutSessionId, session.id), eq(purchases.status, 'pending')))
    .returning({ userId: purchases.userId });
  return row?.userId ?? null;
}

/**
 * Whose purchase a session is: the pending row written at checkout is the truth; without one, the
 * user and product the session carries (set by our checkout), if that user still exists.
 */
async function ownerOf(tx: Tx, session: Stripe.Checkout.Session): Promise<Owner | null> {
  const [pending] = await tx
    .select({ userId: purchases.userId, product: purchases.product })
    .from(purchases)
    .where(eq(purchases.checkoutSessionId, session.id));
  if (pending)
    return isProduct(pending.product) ? { userId: pending.userId, product: pending.product } : null;
  const userId = session.client_reference_id ?? session.metadata?.userId;
  const product = session.metadata?.product;
  if (!userId || !isProduct(product)) return null;
  const [account] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId));
  return account ? { userId: account.id, product } : null;
}
