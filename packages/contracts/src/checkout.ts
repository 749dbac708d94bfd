/**
 * POST /api/checkout. Money comes from PRICES in core: a client may send the amount it showed,
 * which is only compared with the price, never charged (docs/decisions.md).
 */
import { formatPeso, PRICES, PRODUCTS, type Product } from '@habitquest/core/plan';
import { z } from 'zod';
import { ERROR_MESSAGES } from './errors';

export const zCheckoutRequest = z.strictObject({
  product: z.enum(PRODUCTS, ERROR_MESSAGES.invalidProduct),
  /** Centavos the client displayed; a mismatch means a stale client, so checkout is refused. */
  amount: z.int().min(0).optional(),
});
export type CheckoutRequest = z.infer<typeof zCheckoutRequest>;

/** True when the request names no amount or exactly the server's price of its product. */
export function isAmountAccepted(request: CheckoutRequest): boolean {
  return request.amount === undefined || request.amount === PRICES[request.product];
}

/** What each product is called on Stripe's payment page and in messages. */
export const PRODUCT_NAMES: Record<Product, string> = {
  habit: 'HabitQuest Pro',
  bundle: 'HabitQuest Pro Bundle',
};

/** Why a checkout whose amount differs from the price was refused, with the real price. */
export function amountMismatchMessage(product: Product): string {
  return `The price shown is out of date: ${PRODUCT_NAMES[product]} costs ${formatPeso(PRICES[product])}. Refresh and try again.`;
}

/** Only http(s): the browser is sent to this address. */
export const zCheckoutResult = z.object({ url: z.url({ protocol: /^https?$/ }) });
export type CheckoutResult = z.infer<typeof zCheckoutResult>;

/** What POST /api/webhooks/stripe answers Stripe: the event was taken (or had been already). */
export const zWebhookReceipt = z.object({ received: z.literal(true), isDuplicate: z.boolean() });
export type WebhookReceipt = z.infer<typeof zWebhookReceipt>;
