import {
  amountMismatchMessage,
  isAmountAccepted,
  PRODUCT_NAMES,
  type CheckoutRequest,
  type CheckoutResult,
} from '@habitquest/contracts/checkout';
import { CURRENCY, PRICES } from '@habitquest/core/plan';
import type Stripe from 'stripe';
import type { Database } from '../db/client';
import { purchases } from '../db/schema';
import { HttpError, rateLimited } from '../http/errors';
import type { Logger } from '../logger';
import { hitLimit } from '../auth/rate-limit';

export const CHECKOUT_FAILED =
  'Failed to create checkout: the payment service could not be reached. Please try again.';
export const NO_CHECKOUT_URL = 'No checkout URL received';

/**
 * POST /api/checkout: opens a Stripe Checkout Session for a one-time payment of the product's price
 * and records it as a pending purchase. The amount is always PRICES[product]; a client-sent amount
 * is only compared with it, so a tampered or stale client cannot change what is charged.
 */
/** Checkouts a user may open per window: enough for every change of mind, not for a loop. */
export const CHECKOUTS_PER_WINDOW = { windowMs: 60 * 60_000, max: 10 } as const;

export function tooManyCheckouts(minutes: number): string {
  return `Too many checkouts opened: at most ${String(CHECKOUTS_PER_WINDOW.max)} an hour. Please try again in ${String(minutes)} minute${minutes === 1 ? '' : 's'}.`;
}

export async function createCheckout(options: {
  /** Epoch milliseconds, for the rate limit. */
  now: number;
  db: Database;
  stripe: Stripe;
  publicUrl: string;
  userId: string;
  request: CheckoutRequest;
  logger: Logger;
}): Promise<CheckoutResult> {
  const { db, userId, request } = options;
  const { product } = request;
  if (!isAmountAccepted(request)) {
    const message = amountMismatchMessage(product);
    throw new HttpError('VALIDATION', message, { issues: [{ path: 'amount', message }] });
  }
  // Counted before Stripe is asked: each attempt opens a session there and a pending row here.
  const limit = await hitLimit(db, `checkout:${userId}`, CHECKOUTS_PER_WINDOW, options.now);
  if (!limit.isAllowed) throw rateLimited(limit.retryAfterSeconds, tooManyCheckouts);
  const session = await openSession(options);
  if (!session.url) {
    options.logger.error(
      { sessionId: session.id },
      'Stripe returned a checkout session without url',
    );
    throw new HttpError('INTERNAL', NO_CHECKOUT_URL);
  }
  // The webhook may in theory arrive first and have written the paid row: then this does nothing.
  await db
    .insert(purchases)
    .values({
      userId,
      product,
      status: 'pending',
      amount: PRICES[product],
      currency: CURRENCY,
      checkoutSessionId: session.id,
    })
    .onConflictDoNothing({ target: purchases.checkoutSessionId });
  return { url: session.url };
}

async function openSession(options: {
  stripe: Stripe;
  publicUrl: string;
  userId: string;
  request: CheckoutRequest;
  logger: Logger;
}): Promise<Stripe.Checkout.Session> {
  const { userId, publicUrl } = options;
  const { product } = options.request;
  try {
    return await options.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: CURRENCY,
            unit_amount: PRICES[product],
            product_data: { name: PRODUCT_NAMES[product] },
          },
        },
      ],
      success_url: `${publicUrl}/billing/success`,
      cancel_url: `${publicUrl}/billing/cancel`,
      client_reference_id: userId,
      metadata: { userId, product },
    });
  } catch (error) {
    options.logger.error({ err: error, userId, product }, 'Stripe refused to create a checkout');
    throw new HttpError('INTERNAL', CHECKOUT_FAILED);
  }
}
