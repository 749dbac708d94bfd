import { ERROR_MESSAGES } from '@habitquest/contracts/errors';
import { routes } from '@habitquest/contracts/routes';
import { Hono } from 'hono';
import type Stripe from 'stripe';
import type { AppEnv } from '../app-env';
import type { FeatureDeps } from '../feature-deps';
import { HttpError } from '../http/errors';
import { serve } from '../http/serve-route';
import { createCheckout } from './create-checkout';
import { createStripeClient } from './stripe-client';

/** POST /api/checkout (signed in; app.ts gives a signed-out checkout its own sentence). */
export function checkoutRoutes(deps: FeatureDeps): Hono<AppEnv> {
  const { db, config, logger, now } = deps;
  const stripe: Stripe | null = config.stripe ? createStripeClient(config.stripe) : null;
  const app = new Hono<AppEnv>();
  serve(app, routes.checkout, async (c, { body: request }) => {
    if (!stripe)
      throw new HttpError('PAYMENTS_NOT_CONFIGURED', ERROR_MESSAGES.paymentsNotConfigured);
    const result = await createCheckout({
      now: now().getTime(),
      db,
      stripe,
      publicUrl: config.publicUrl,
      userId: c.get('userId'),
      request,
      logger,
    });
    return result;
  });
  return app;
}
