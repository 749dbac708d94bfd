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

export type PurchaseStatus = 'pending' | 'paid' | 'failed' | 'mismatch';

type Price = { amount: number; currency: string };
type Owner = { userId: string; product: Product; price: Price };

/** A paid session whose amount or currency is not the price of what it would grant. */
export type AmountMismatch = {
  userId: string;
  product: Product;
  checkoutSessionId: string;
  expected: Price;
  paid: { amount: number | null; currency: string | null };
};

export type GrantOutcome = {
  /** The user granted, or null when nothing was granted. */
  grantedUserId: string | null;
  mismatch: AmountMismatch | null;
};

/**
 * Marks the session's purchase paid and sets the product's entitlement flag, once. Nothing is
 * granted when it had been granted already, was revoked by the operator, the session is not one
 * of ours, or Stripe reports an amount or currency other than the price: our checkout always
 * sends the server's own price, so a difference means a session we did not create as it is (a
 * discount, a price edited in Stripe, a session made with a leaked key), and the purchase is
 * marked 'mismatch' for the operator to settle (refund, or `admin grant-pro`).
 */
export async function grantPaidSession(
  tx: Tx,
  session: Stripe.Checkout.Session,
  now: Date,
): Promise<GrantOutcome> {
  const owner = await ownerOf(tx, session);
  if (!owner) return { grantedUserId: null, mismatch: null };
  const paid = { amount: session.amount_total, currency: session.currency?.toLowerCase() ?? null };
  if (paid.amount !== owner.price.amount || paid.currency !== owner.price.currency) {
    await markMismatch(tx, session.id, owner, paid, now);
    const { userId, product, price } = owner;
    return {
      grantedUserId: null,
      mismatch: { userId, product, checkoutSessionId: session.id, expected: price, paid },
    };
  }
  const [row] = await tx
    .insert(purchases)
    .values({
      userId: owner.userId,
      product: owner.product,
      status: 'paid',
      amount: owner.price.amount,
      currency: owner.price.currency,
      checkoutSessionId: session.id,
    })
    .onConflictDoUpdate({
      target: purchases.checkoutSessionId,
      set: { status: 'paid', updatedAt: now },
      // 'paid' stays as it is, and so do the operator's 'revoked' and a 'mismatch'.
      setWhere: inArray(purchases.status, ['pending', 'failed']),
    })
    .returning({ userId: purchases.userId, product: purchases.product });
  if (!row || !isProduct(row.product)) return { grantedUserId: null, mismatch: null };
  const flags = row.product === 'bundle' ? { premiumBundle: true } : { premiumHabit: true };
  // Only ever sets a flag to true: revoking is the operator's decision, never a webhook's.
  await tx
    .insert(entitlements)
    .values({ userId: row.userId, ...flags })
    .onConflictDoUpdate({ target: entitlements.userId, set: { ...flags, updatedAt: now } });
  return { grantedUserId: row.userId, mismatch: null };
}

/** Records the refused payment; a purchase already paid (or revoked) keeps its status. */
async function markMismatch(
  tx: Tx,
  sessionId: string,
  owner: Owner,
  paid: AmountMismatch['paid'],
  now: Date,
): Promise<void> {
  await tx
    .insert(purchases)
    .values({
      userId: owner.userId,
      product: owner.product,
      status: 'mismatch',
      amount: paid.amount ?? 0,
      currency: paid.currency ?? '',
      checkoutSessionId: sessionId,
    })
    .onConflictDoUpdate({
      target: purchases.checkoutSessionId,
      set: { status: 'mismatch', updatedAt: now },
      setWhere: inArray(purchases.status, ['pending', 'failed']),
    });
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
 * Whose purchase a session is and what it must cost: the pending row written at checkout is the
 * truth (its amount is the price the customer was shown, even if the price changed since);
 * without one, the user and product the session carries (set by our checkout), if that user still
 * exists, at today's price.
 */
async function ownerOf(tx: Tx, session: Stripe.Checkout.Session): Promise<Owner | null> {
  const [pending] = await tx
    .select({
      userId: purchases.userId,
      product: purchases.product,
      amount: purchases.amount,
      currency: purchases.currency,
    })
    .from(purchases)
    .where(eq(purchases.checkoutSessionId, session.id));
  if (pending) {
    if (!isProduct(pending.product)) return null;
    const price = { amount: pending.amount, currency: pending.currency.toLowerCase() };
    return { userId: pending.userId, product: pending.product, price };
  }
  const userId = session.client_reference_id ?? session.metadata?.userId;
  const product = session.metadata?.product;
  if (!userId || !isProduct(product)) return null;
  const [account] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId));
  return account
    ? { userId: account.id, product, price: { amount: PRICES[product], currency: CURRENCY } }
    : null;
}
