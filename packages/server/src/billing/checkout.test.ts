import { ERROR_MESSAGES } from '@habitquest/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../test/harness';
import { CHECKOUT_FAILED, CHECKOUTS_PER_WINDOW, NO_CHECKOUT_URL } from './create-checkout';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in';
import {
  purchasesOf,
  signUpWithId,
  startBillingServer,
  startCheckout,
  type ErrorBody,
} from '../../test/billing-support';

describe.each(DATABASE_KINDS)('checkout on %s', (kind) => {
  let standIn: StripeStandIn;
  let server: TestServer;
  let unconfigured: TestServer;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    [server, unconfigured] = await Promise.all([
      startBillingServer(kind, standIn),
      startTestServer(kind),
    ]);
  });
  afterAll(async () => {
    await server.stop();
    await unconfigured.stop();
    await standIn.close();
  });

  it('opens a one-time PHP session at the server price and records it as pending', async () => {
    const { client, userId } = await signUpWithId(server);
    const before = standIn.requests.length;
    const response = await client.post<{ url: string }>('/api/checkout', { product: 'habit' });
    expect(response.status).toBe(200);
    expect(response.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    expect(standIn.requests.length).toBe(before + 1);
    const sent = standIn.requests.at(-1);
    expect(sent?.method).toBe('POST');
    expect(sent?.path).toBe('/v1/checkout/sessions');
    expect(sent?.authorization).toBe('Bearer sk_test_habitquest');
    expect(Object.fromEntries(sent?.form ?? [])).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'php',
      'line_items[0][price_data][unit_amount]': '48900',
      'line_items[0][price_data][product_data][name]': 'HabitQuest Pro',
      success_url: 'http://habitquest.test/billing/success',
      cancel_url: 'http://habitquest.test/billing/cancel',
      client_reference_id: userId,
      'metadata[userId]': userId,
      'metadata[product]': 'habit',
    });
    const sessionId = response.body.url.split('/').pop();
    expect(await purchasesOf(server, userId)).toEqual([
      {
        product: 'habit',
        status: 'pending',
        amount: 48_900,
        currency: 'php',
        checkoutSessionId: sessionId,
      },
    ]);
  });

  it('charges 149900 for the bundle, and the price whatever amount the client names', async () => {
    const { client, userId } = await signUpWithId(server);
    await startCheckout(client, 'bundle');
    const bundle = standIn.requests.at(-1)?.form;
    expect(bundle?.get('line_items[0][price_data][unit_amount]')).toBe('149900');
    expect(bundle?.get('line_items[0][price_data][currency]')).toBe('php');
    expect(bundle?.get('line_items[0][price_data][product_data][name]')).toBe(
      'HabitQuest Pro Bundle',
    );
    const matching = await client.post('/api/checkout', { product: 'habit', amount: 48_900 });
    expect(matching.status).toBe(200);
    expect(standIn.requests.at(-1)?.form.get('line_items[0][price_data][unit_amount]')).toBe(
      '48900',
    );
    const amounts = (await purchasesOf(server, userId)).map((row) => row.amount);
    expect(amounts.toSorted((a, b) => a - b)).toEqual([48_900, 149_900]);
  });

  it('refuses a client amount that differs from the price, and sends Stripe nothing', async () => {
    const { client, userId } = await signUpWithId(server);
    const before = standIn.requests.length;
    for (const [product, amount] of [
      ['habit', 1],
      ['habit', 149_900],
      ['bundle', 48_900],
      ['bundle', 0],
    ] as const) {
      const response = await client.post<ErrorBody>('/api/checkout', { product, amount });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION');
      expect(response.body.error.message).toMatch(/^The price shown is out of date/);
    }
    expect(standIn.requests.length).toBe(before);
    expect(await purchasesOf(server, userId)).toEqual([]);
  });

  it('opens at most CHECKOUTS_PER_WINDOW checkouts a user an hour; then 429, and Stripe is not asked', async () => {
    const { client, userId } = await signUpWithId(server);
    for (let attempt = 0; attempt < CHECKOUTS_PER_WINDOW.max; attempt += 1) {
      expect((await client.post('/api/checkout', { product: 'habit' })).status).toBe(200);
    }
    const before = standIn.requests.length;
    const refused = await client.post<ErrorBody>('/api/checkout', { product: 'habit' });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    expect(refused.body.error.message).toMatch(
      /^Too many checkouts opened: at most 10 an hour\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(standIn.requests.length).toBe(before);
    expect(await purchasesOf(server, userId)).toHaveLength(CHECKOUTS_PER_WINDOW.max);
    // Another user's checkouts are their own.
    const other = await signUpWithId(server);
    expect((await other.client.post('/api/checkout', { product: 'habit' })).status).toBe(200);
  });

  it('answers a signed-out checkout 401 with the spec’s sentence', async () => {
    const anonymous = new TestClient(server.url);
    const before = standIn.requests.length;
    const response = await anonymous.post<ErrorBody>('/api/checkout', { product: 'habit' });
    expect(response.status).toBe(401);
    expect(response.body.error).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'User must be authenticated to begin checkout',
    });
    expect(standIn.requests.length).toBe(before);
  });

  it('answers an unknown or missing product 400 Invalid product type', async () => {
    const { client } = await signUp(server);
    for (const body of [{ product: 'lifetime' }, {}, { product: 'HABIT' }, { product: 1 }]) {
      const response = await client.post<ErrorBody>('/api/checkout', body);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION');
      expect(response.body.error.message).toBe(ERROR_MESSAGES.invalidProduct);
    }
    const extra = await client.post<ErrorBody>('/api/checkout', { product: 'habit', userId: 'x' });
    expect(extra.status).toBe(400);
  });

  it('still needs our Origin (the webhook exemption covers only /api/webhooks/)', async () => {
    const { client } = await signUp(server);
    const response = await client.post<ErrorBody>(
      '/api/checkout',
      { product: 'habit' },
      {
        origin: 'https://evil.example',
      },
    );
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('FORBIDDEN');
  });

  it('answers 500 with a readable message when Stripe fails, and records nothing', async () => {
    const { client, userId } = await signUpWithId(server);
    standIn.failWith(400);
    try {
      const response = await client.post<ErrorBody>('/api/checkout', { product: 'habit' });
      expect(response.status).toBe(500);
      expect(response.body.error).toEqual({ code: 'INTERNAL', message: CHECKOUT_FAILED });
    } finally {
      standIn.failWith(null);
    }
    expect(await purchasesOf(server, userId)).toEqual([]);
  });

  it('answers 500 "No checkout URL received" when Stripe sends a session without one', async () => {
    const { client, userId } = await signUpWithId(server);
    standIn.failWith('no-url');
    try {
      const response = await client.post<ErrorBody>('/api/checkout', { product: 'bundle' });
      expect(response.status).toBe(500);
      expect(response.body.error).toEqual({ code: 'INTERNAL', message: NO_CHECKOUT_URL });
    } finally {
      standIn.failWith(null);
    }
    expect(await purchasesOf(server, userId)).toEqual([]);
  });

  it('without Stripe keys answers 503 PAYMENTS_NOT_CONFIGURED in plain words', async () => {
    const { client } = await signUp(unconfigured);
    const response = await client.post<ErrorBody>('/api/checkout', { product: 'habit' });
    expect(response.status).toBe(503);
    expect(response.body.error).toEqual({
      code: 'PAYMENTS_NOT_CONFIGURED',
      message: 'Payments are not set up on this server, so Pro cannot be bought here.',
    });
    const webhook = await fetch(`${unconfigured.url}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      body: '{}',
    });
    expect(webhook.status).toBe(503);
  });
});
