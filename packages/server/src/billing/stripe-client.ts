/**
 * The Stripe client. STRIPE_API_BASE points it at another host (a local stand-in in tests, a mock
 * server in development); without it the client talks to Stripe itself.
 */
import Stripe from 'stripe';
import type { Config } from '../config';

type StripeConfig = NonNullable<Config['stripe']>;

/** A Stripe client for the configured key, aimed at `apiBase` when one is set. */
export function createStripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, {
    ...(config.apiBase ? stripeHostOptions(config.apiBase) : {}),
    // One retry rides out a dropped connection; the library sends an idempotency key with it.
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'HabitQuest' },
  });
}

/** The Stripe client's host, port and protocol for an API base address such as http://127.0.0.1:12111. */
export function stripeHostOptions(apiBase: string): {
  host: string;
  port: number;
  protocol: 'http' | 'https';
} {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const port = url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port);
  return { host: url.hostname, port, protocol };
}
