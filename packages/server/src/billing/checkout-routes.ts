import { zCheckoutRequest } from '@habitquest/contracts/checkout';
import { ERROR_MESSAGES } from '@habitquest/contracts/errors';
import { Hono } from 'hono';
import type Stripe from 'stripe';
import type { AppEnv } from '../app-env';
import type { FeatureDeps } from '../feature-deps';
import { HttpError } from '../http/errors';
import { parseBody } from '../http/validate';
import { createCheckout } from './create-checkout';
import { createStripeClient } from './stripe-client';

/** POST /api/checkout (signed in; app.ts gives a signed-out checkout its own sentence). */
export function checkoutRoutes(deps: FeatureDeps): Hono<AppEnv> {
  const { db, config, logger } = deps;
  const stripe: Stripe | null = config.stripe ? createStripeClient(config.stripe) : null;
  const app = new Hono<AppEnv>();
  app.post('/checkout', async (c) => {
    const request = await parseBody(c, zCheckoutRequest);
    if (!stripe)
      throw new HttpError('PAYMENTS_NOT_CONFIGURED', ERROR_MESSAGES.paymentsNotConfigured);
    const result = await createCheckout({
      db,
      stripe,
      publicUrl: config.publicUrl,
      userId: c.get('userId'),
      request,
      logger,
    });
    return c.json(result);
  });
  return app;
}
