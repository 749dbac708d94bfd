/**
 * Tests only: Stripe events built offline and signed with the stripe library's own test-header
 * helper, posted to the webhook the way Stripe does (no session, no Origin).
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { ApiResponse } from './harness';

export const WEBHOOK_SECRET = 'whsec_habitquest_test_secret';

export type SessionEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired';

/** The JSON body of a Checkout Session event, as Stripe would send it. */
export function sessionEvent(options: {
  type: SessionEventType;
  sessionId: string;
  userId: string;
  product: string;
  paymentStatus: 'paid' | 'unpaid';
  amount?: number;
  currency?: string;
  id?: string;
  created?: number;
}): string {
  return JSON.stringify({
    id: options.id ?? `evt_test_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: options.created ?? Math.floor(Date.now() / 1000),
    type: options.type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: options.sessionId,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: options.paymentStatus,
        amount_total: options.amount ?? 48_900,
        currency: options.currency ?? 'php',
        client_reference_id: options.userId,
        metadata: { userId: options.userId, product: options.product },
      },
    },
  });
}

/** A Stripe-Signature header for `payload`; `timestamp` in seconds (now by default). */
export function signatureFor(
  payload: string,
  options: { secret?: string; timestamp?: number } = {},
): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
}

/** POSTs an event to the webhook as Stripe does: raw JSON, its signature, no cookie, no Origin. */
export async function deliver(
  baseUrl: string,
  payload: string,
  signature: string | null = signatureFor(payload),
): Promise<ApiResponse> {
  const response = await fetch(`${baseUrl}/api/webhooks/stripe`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    body: payload,
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as Record<string, unknown>,
    headers: response.headers,
  };
}
