import { ERROR_MESSAGES } from '@habitquest/contracts/errors';
import type { WebhookReceipt } from '@habitquest/contracts/checkout';
import { routes } from '@habitquest/contracts/routes';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { FeatureDeps } from '../feature-deps';
import { HttpError } from '../http/errors';
import { serve } from '../http/serve-route';
import { loadIsPro } from '../plan/load-plan';
import { processStripeEvent } from './process-stripe-event';
import { verifyStripeEvent } from './verify-stripe-event';

/**
 * /api/webhooks/stripe: public (Stripe posts server to server, with neither a session nor our Origin),
 * so the only proof a request is genuine is the signature over its raw bytes.
 */
export function webhookRoutes(deps: FeatureDeps): Hono<AppEnv> {
  const { db, config, events, now, logger } = deps;
  const app = new Hono<AppEnv>();
  // Oversized bodies were already refused by the app-wide body limit.
  serve(app, routes.stripeWebhook, async (c) => {
    if (!config.stripe) {
      throw new HttpError('PAYMENTS_NOT_CONFIGURED', ERROR_MESSAGES.paymentsNotConfigured);
    }
    const event = await verifyStripeEvent({
      payload: new Uint8Array(await c.req.arrayBuffer()),
      signature: c.req.header('stripe-signature'),
      secret: config.stripe.webhookSecret,
      now: now(),
    });
    const outcome = await processStripeEvent({ db, event, now: now() });
    if (outcome.mismatch) {
      // Answered 200 all the same: the event is genuine and was handled, and Stripe would resend
      // the very same amount for days. Someone has to look: refund it, or grant Pro by hand.
      logger.error(
        { eventId: event.id, ...outcome.mismatch },
        'Stripe payment does not match the price: Pro not granted, purchase marked mismatch',
      );
    }
    if (outcome.changedUserId) {
      const userId = outcome.changedUserId;
      // The payment is committed: a failed notification must not make Stripe deliver it again.
      await loadIsPro(db, userId)
        .then((isPro) => events.publish(userId, { type: 'plan', payload: { isPro } }))
        .catch((error: unknown) => {
          logger.warn({ err: error, userId }, 'could not publish the plan change');
        });
    }
    const receipt: WebhookReceipt = { received: true, isDuplicate: outcome.isDuplicate };
    return receipt;
  });
  return app;
}
