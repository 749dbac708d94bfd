/**
 * A signed webhook grants Pro only when Stripe charged the server's own price: a paid session
 * with another amount or currency is acknowledged (200, so Stripe stops resending it), logged as
 * an error, recorded as 'mismatch', and grants nothing.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../test/harness';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in';
import { deliver, sessionEvent, WEBHOOK_SECRET } from '../../test/stripe-events';
import {
  entitlementOf,
  planOf,
  purchasesOf,
  signUpWithId,
  startCheckout,
} from '../../test/billing-support';

describe.each(DATABASE_KINDS)('the webhook checks the amount paid on %s', (kind) => {
  let standIn: StripeStandIn;
  let server: TestServer;
  const logLines: { level: number; msg: string; [key: string]: unknown }[] = [];

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
          logLines.push(JSON.parse(line) as (typeof logLines)[number]);
        }
        done();
      },
    });
    server = await startTestServer(kind, {
      env: {
        STRIPE_SECRET_KEY: 'sk_test_habitquest',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: standIn.url,
      },
      logger: createLogger('warn', sink),
    });
  });
  afterAll(async () => {
    await server.stop();
    await standIn.close();
  });

  const cases = [
    { name: 'an amount below the price', amount: 100, currency: 'php' },
    { name: 'the right figure in another currency', amount: 48_900, currency: 'usd' },
  ];

  it.each(cases)('refuses Pro for $name, answers 200 and logs an error', async (paid) => {
    const { client, userId } = await signUpWithId(server);
    const sessionId = await startCheckout(client, 'habit');
    const payload = sessionEvent({
      type: 'checkout.session.completed',
      sessionId,
      userId,
      product: 'habit',
      paymentStatus: 'paid',
      amount: paid.amount,
      currency: paid.currency,
    });
    const response = await deliver(server.url, payload);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ received: true, isDuplicate: false });

    expect(await entitlementOf(server, userId)).toBeNull();
    expect(await planOf(client)).toMatchObject({ isPro: false });
    expect(await purchasesOf(server, userId)).toEqual([
      {
        product: 'habit',
        status: 'mismatch',
        amount: 48_900,
        currency: 'php',
        checkoutSessionId: sessionId,
      },
    ]);
    const logged = logLines.find((line) => line.checkoutSessionId === sessionId);
    expect(logged).toMatchObject({
      level: 50,
      userId,
      product: 'habit',
      expected: { amount: 48_900, currency: 'php' },
      paid: { amount: paid.amount, currency: paid.currency },
    });
    expect(logged?.msg).toContain('does not match the price');

    // A later event for the same session, even with the right figures, does not undo the flag:
    // the operator settles it (refund, or grant-pro).
    const again = sessionEvent({
      type: 'checkout.session.async_payment_succeeded',
      sessionId,
      userId,
      product: 'habit',
      paymentStatus: 'paid',
    });
    expect((await deliver(server.url, again)).status).toBe(200);
    expect(await entitlementOf(server, userId)).toBeNull();
  });

  it("a session with no pending row is held to today's price of its product", async () => {
    const { userId } = await signUpWithId(server);
    const sessionId = `cs_test_unknown_${userId}`;
    const wrong = sessionEvent({
      type: 'checkout.session.completed',
      sessionId,
      userId,
      product: 'bundle',
      paymentStatus: 'paid',
      amount: 48_900,
    });
    expect((await deliver(server.url, wrong)).status).toBe(200);
    expect(await entitlementOf(server, userId)).toBeNull();
    expect((await purchasesOf(server, userId))[0]).toMatchObject({ status: 'mismatch' });
  });

  it('grants Pro when amount and currency match (currency in any case)', async () => {
    const { client, userId } = await signUpWithId(server);
    const sessionId = await startCheckout(client, 'bundle');
    const payload = sessionEvent({
      type: 'checkout.session.completed',
      sessionId,
      userId,
      product: 'bundle',
      paymentStatus: 'paid',
      amount: 149_900,
      currency: 'PHP',
    });
    expect((await deliver(server.url, payload)).status).toBe(200);
    expect(await entitlementOf(server, userId)).toEqual({
      premiumHabit: false,
      premiumBundle: true,
    });
  });
});
