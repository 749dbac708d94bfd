import { describe, expect, it } from 'vitest';
import { createStripeClient, stripeHostOptions } from './stripe-client';
import { startStripeStandIn } from '../../test/stripe-stand-in';

describe('stripeHostOptions', () => {
  it('splits an API base into the host, port and protocol the Stripe client takes', () => {
    expect(stripeHostOptions('http://127.0.0.1:12111')).toEqual({
      host: '127.0.0.1',
      port: 12_111,
      protocol: 'http',
    });
    expect(stripeHostOptions('https://stripe-mock.internal')).toEqual({
      host: 'stripe-mock.internal',
      port: 443,
      protocol: 'https',
    });
    expect(stripeHostOptions('http://localhost/')).toEqual({
      host: 'localhost',
      port: 80,
      protocol: 'http',
    });
  });
});

describe('createStripeClient', () => {
  it('talks to the configured API base with the secret key', async () => {
    const standIn = await startStripeStandIn();
    try {
      const stripe = createStripeClient({
        secretKey: 'sk_test_client',
        webhookSecret: 'whsec_x',
        apiBase: standIn.url,
      });
      const session = await stripe.checkout.sessions.create({ mode: 'payment' });
      expect(session.id).toMatch(/^cs_test_/);
      expect(standIn.requests).toMatchObject([
        { method: 'POST', path: '/v1/checkout/sessions', authorization: 'Bearer sk_test_client' },
      ]);
    } finally {
      await standIn.close();
    }
  });
});
