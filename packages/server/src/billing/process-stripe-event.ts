import type Stripe from 'stripe';
import type { Database, Tx } from '../db/client';
import { webhookEvents } from '../db/schema';
import {
  failPendingSession,
  grantPaidSession,
  type AmountMismatch,
  type GrantOutcome,
} from './grant-paid-session';

export type EventOutcome = {
  isDuplicate: boolean;
  /** The user whose purchase changed, to tell after the commit; null when nothing changed. */
  changedUserId: string | null;
  /** A paid session refused because its amount or currency is not the price. */
  mismatch: AmountMismatch | null;
};

/**
 * Handles a verified Stripe event exactly once. The event id is stored in the same transaction as
 * the fulfilment: a duplicate (even one delivered in parallel, which waits on the first insert)
 * finds the id taken and does nothing, and a fulfilment that fails rolls the id back so Stripe's
 * retry is handled afresh.
 */
export async function processStripeEvent(options: {
  db: Database;
  event: Stripe.Event;
  now: Date;
}): Promise<EventOutcome> {
  const { db, event, now } = options;
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (!fresh) return { isDuplicate: true, changedUserId: null, mismatch: null };
    const { grantedUserId, mismatch } = await fulfil(tx, event, now);
    return { isDuplicate: false, changedUserId: grantedUserId, mismatch };
  });
}

/** What an event changes; every type other than the three below is acknowledged and ignored. */
async function fulfil(tx: Tx, event: Stripe.Event, now: Date): Promise<GrantOutcome> {
  const nothing: GrantOutcome = { grantedUserId: null, mismatch: null };
  if (event.type === 'checkout.session.completed') {
    // An unpaid completion (a bank transfer still on its way) grants nothing yet; the
    // async_payment_succeeded event that follows does.
    const session = event.data.object;
    return session.payment_status === 'paid' ? grantPaidSession(tx, session, now) : nothing;
  }
  if (event.type === 'checkout.session.async_payment_succeeded') {
    return grantPaidSession(tx, event.data.object, now);
  }
  if (event.type === 'checkout.session.async_payment_failed') {
    return { grantedUserId: await failPendingSession(tx, event.data.object, now), mismatch: null };
  }
  return nothing;
}
