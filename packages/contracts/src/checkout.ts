/**
 * POST /api/checkout. Money comes from PRICES in core: a client may send the amount it showed,
 * which is only compared with the price, never charged (DESIGN §3).
 */
import { PRICES, PRODUCTS } from '@habitquest/core/plan';
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

/** Only http(s): the browser is sent to this address. */
export const zCheckoutResult = z.object({ url: z.url({ protocol: /^https?$/ }) });
export type CheckoutResult = z.infer<typeof zCheckoutResult>;
