import Stripe from 'stripe';
import { HttpError } from '../http/errors';

/** Seconds a signed event stays acceptable: Stripe's own default, stated here on purpose. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export const BAD_SIGNATURE = 'The webhook signature could not be verified.';

/**
 * The event in a webhook request, once its Stripe-Signature header proves that Stripe signed
 * exactly these bytes within the tolerance: anything else (forged, altered, replayed late, not
 * JSON) is a VALIDATION error and nothing is written.
 */
export async function verifyStripeEvent(options: {
  payload: Uint8Array;
  signature: string | undefined;
  secret: string;
  now: Date;
}): Promise<Stripe.Event> {
  const { payload, signature, secret, now } = options;
  if (!signature) throw badSignature('The Stripe-Signature header is missing.');
  try {
    return await Stripe.webhooks.constructEventAsync(
      payload,
      signature,
      secret,
      SIGNATURE_TOLERANCE_SECONDS,
      undefined,
      now.getTime(),
    );
  } catch {
    throw badSignature(BAD_SIGNATURE);
  }
}

function badSignature(message: string): HttpError {
  return new HttpError('VALIDATION', message, { issues: [{ path: 'stripe-signature', message }] });
}
