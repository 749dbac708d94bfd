/**
 * The end-to-end run's Stripe: the billing tests' stand-in with its hosted payment page, started
 * by playwright.config.ts beside the app. Paying on its page sends the app a signed webhook.
 */
import { startStripeStandIn } from '@habitquest/server/test/stripe-stand-in';
import { APP_URL, STRIPE_PORT, WEBHOOK_SECRET } from './e2e-env';

const standIn = await startStripeStandIn({
  port: STRIPE_PORT,
  hostedCheckout: { appUrl: APP_URL, webhookSecret: WEBHOOK_SECRET },
});
process.stdout.write(`Stripe stand-in on ${standIn.url}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void standIn.close().then(() => process.exit(0));
  });
}
