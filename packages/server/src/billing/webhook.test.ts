import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokePro } from '../admin/revoke-pro';
import { entitlements } from '../db/schema';
import { DATABASE_KINDS, type TestClient, type TestServer } from '../../test/harness';
import { openEvents } from '../../test/sse';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in';
import { deliver, sessionEvent, signatureFor } from '../../test/stripe-events';
import {
  entitlementOf,
  planOf,
  purchasesOf,
  signUpWithId,
  startBillingServer,
  startCheckout,
  storedEvents,
  type ErrorBody,
} from '../../test/billing-support';

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

async function createHabits(client: TestClient, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    const response = await client.post('/api/habits', { title: `Habit ${String(index + 1)}` });
    expect(response.status).toBe(201);
  }
}

describe.each(DATABASE_KINDS)('the Stripe webhook on %s', (kind) => {
  let standIn: StripeStandIn;
  let server: TestServer;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    server = await startBillingServer(kind, standIn);
  });
  afterAll(async () => {
    await server.stop();
    await standIn.close();
  });

  it('a paid session makes the user Pro at once: plan event, limits lifted, 16th habit', async () => {
    const { client, userId } = await signUpWithId(server);
    await createHabits(client, 15);
    const refused = await client.post<ErrorBody>('/api/habits', { title: 'Sixteenth' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('LIMIT_REACHED');

    const sessionId = await startCheckout(client, 'habit');
    const stream = await openEvents(client);
    await stream.next('heartbeat');
    const payload = sessionEvent({
      type: 'checkout.session.completed',
      sessionId,
      userId,
      product: 'habit',
      paymentStatus: 'paid',
    });
    const response = await deliver(server.url, payload);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ received: true, isDuplicate: false });

    expect((await stream.next('plan')).data).toEqual({ isPro: true });
    stream.close();
    expect(await purchasesOf(server, userId)).toEqual([
      {
        product: 'habit',
        status: 'paid',
        amount: 48_900,
        currency: 'php',
        checkoutSessionId: sessionId,
      },
    ]);
    expect(await entitlementOf(server, userId)).toEqual({
      premiumHabit: true,
      premiumBundle: false,
    });
    expect(await planOf(client)).toMatchObject({ isPro: true, limits: null });
    expect((await client.post('/api/habits', { title: 'Sixteenth' })).status).toBe(201);
  });

  it('a paid bundle sets premium_bundle', async () => {
    const { client, userId } = await signUpWithId(server);
    const sessionId = await startCheckout(client, 'bundle');
    const payload = sessionEvent({
      type: 'checkout.session.completed',
      sessionId,
      userId,
      product: 'bundle',
      paymentStatus: 'paid',
      amount: 149_900,
    });
    expect((await deliver(server.url, payload)).status).toBe(200);
    expect(await entitlementOf(server, userId)).toEqual({
      premiumHabit: false,
      premiumBundle: true,
    });
    expect((await purchasesOf(server, userId))[0]).toMatchObject({
      product: 'bundle',
      status: 'paid',
      amount: 149_900,
    });
  });

  it('the same event delivered again answers 200 and changes nothing', async () => {
    const { client, userId } = await signUpWithId(server);
    const sessionId = await startCheckout(client, 'habit');
    const id = `evt_twice_${userId}`;
    const payload = sessionEvent({
      id,
      type: 'checkout.session.completed',
      sessionId,
      userId,
      product: 'habit',
      paymentStatus: 'paid',
    });
    expect((await deliver(server.url, payload)).body).toEqual({
      received: true,
      isDuplicate: false,
    });
    const again = await deliver(server.url, payload);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ received: true, isDuplicate: true });
    expect(await purchasesOf(server, userId)).toHaveLength(1);
    expect(await storedEvents(server, id)).toBe(1);
  });

  it('a forged, altered, unsigned or stale delivery is refused with 400 and writes nothing', async () => {
    const { client, userId } = await signUpWithId(server);
    const sessionId = await startCheckout(client, 'habit');
    const id = `evt_forged_${userId}`;
    const payload = sessionEvent({
      id,
      type: 'checkout.session.completed',
      sessionId,
      userId,
      product: 'habit',
      paymentStatus: 'paid',
    });
    const altered = payload.replace('"paid"', '"paid" ');
    const attempts: [string, string, string | null][] = [
      ['forged', payload, signatureFor(payload, { secret: 'whsec_someone_else' })],
      ['altered', altered, signatureFor(payload)],
      ['unsigned', payload, null],
      ['garbage header', payload, 'not a signature'],
      ['stale', payload, signatureFor(payload, { timestamp: nowSeconds() - 301 })],
    ];
    for (const [what, body, signature] of attempts) {
      const response = await deliver(server.url, body, signature);
      expect(response.status, what).toBe(400);
      expect((response.body as ErrorBody).error.code, what).toBe('VALIDATION');
    }
    expect(await storedEvents(server, id)).toBe(0);
    expect(await purchasesOf(server, userId)).toMatchObject([{ status: 'pending' }]);
    expect(await entitlementOf(server, userId)).toBeNull();
    expect((await planOf(client)).isPro).toBe(false);

    // Within the 300 s tolerance the very same event is taken.
    const recent = signatureFor(payload, { timestamp: nowSeconds() - 240 });
    expect((await deliver(server.url, payload, recent)).status).toBe(200);
    expect((await planOf(client)).isPro).toBe(true);
  });

  it('an unpaid completion grants nothing; the async success then does', async () => {
    const { client, userId } = await signUpWithId(server);
    const sessionId = await startCheckout(client, 'habit');
    const base = { sessionId, userId, product: 'habit' } as const;
    const unpaid = sessionEvent({
      ...base,
      type: 'checkout.session.completed',
      paymentStatus: 'unpaid',
    });
    expect((await deliver(server.url, unpaid)).status).toBe(200);
    expect(await purchasesOf(server, userId)).toMatchObject([{ status: 'pending' }]);
    expect(await entitlementOf(server, userId)).toBeNull();
    expect((await planOf(client)).isPro).toBe(false);

    const succeeded = sessionEvent({
      ...base,
      type: 'checkout.session.async_payment_succeeded',
      paymentStatus: 'paid',
    });
    expect((await deliver(server.url, succeeded)).status).toBe(200);
    expect(await purchasesOf(server, userId)).toMatchObject([{ status: 'paid' }]);
    expect((await planOf(client)).isPro).toBe(true);
  });

  it('older or failing events after the payment never revoke Pro', async () => {
    const { client, userId } = await signUpWithId(server);
    const sessionId = await startCheckout(client, 'habit');
    const base = { sessionId, userId, product: 'habit' } as const;
    const created = nowSeconds() - 60;
    const older = sessionEvent({
      ...base,
      type: 'checkout.session.completed',
      paymentStatus: 'unpaid',
      created,
    });
    const paid = sessionEvent({
      ...base,
      type: 'checkout.session.async_payment_succeeded',
      paymentStatus: 'paid',
      created: created + 30,
    });
    const failed = sessionEvent({
      ...base,
      type: 'checkout.session.async_payment_failed',
      paymentStatus: 'unpaid',
    });
    expect((await deliver(server.url, paid)).status).toBe(200);
    expect((await deliver(server.url, older)).status).toBe(200);
    expect((await deliver(server.url, failed)).status).toBe(200);
    expect(await purchasesOf(server, userId)).toMatchObject([{ status: 'paid' }]);
    expect(await entitlementOf(server, userId)).toEqual({
      premiumHabit: true,
      premiumBundle: false,
    });
    expect((await planOf(client)).isPro).toBe(true);
  });

  it('a failed async payment marks its purchase failed and leaves an earlier grant alone', async () => {
    const { client, userId } = await signUpWithId(server);
    await server.database.db.insert(entitlements).values({ userId, premiumHabit: true });
    const sessionId = await startCheckout(client, 'bundle');
    const failed = sessionEvent({
      type: 'checkout.session.async_payment_failed',
      sessionId,
      userId,
      product: 'bundle',
      paymentStatus: 'unpaid',
    });
    expect((await deliver(server.url, failed)).status).toBe(200);
    expect(await purchasesOf(server, userId)).toMatchObject([
      { product: 'bundle', status: 'failed' },
    ]);
    expect(await entitlementOf(server, userId)).toEqual({
      premiumHabit: true,
      premiumBundle: false,
    });
    expect((await planOf(client)).isPro).toBe(true);
  });

  it("keeps the operator's revoke: a fresh completion event for that session grants nothing", async () => {
    const { client, userId, email } = await signUpWithId(server);
    const sessionId = await startCheckout(client, 'habit');
    const base = { sessionId, userId, product: 'habit', paymentStatus: 'paid' } as const;
    await deliver(server.url, sessionEvent({ ...base, type: 'checkout.session.completed' }));
    expect((await planOf(client)).isPro).toBe(true);
    expect(await revokePro({ db: server.database.db, identifier: email })).toMatchObject({
      revokedPurchases: 1,
    });
    const late = sessionEvent({ ...base, type: 'checkout.session.async_payment_succeeded' });
    expect((await deliver(server.url, late)).status).toBe(200);
    expect(await purchasesOf(server, userId)).toMatchObject([{ status: 'revoked' }]);
    expect((await planOf(client)).isPro).toBe(false);
  });

  it('pays out a session without a pending row to the user it names, and ignores strangers', async () => {
    const { client, userId } = await signUpWithId(server);
    const sessionId = `cs_test_elsewhere_${userId}`;
    const base = { type: 'checkout.session.completed', paymentStatus: 'paid' } as const;
    const ours = sessionEvent({ ...base, sessionId, userId, product: 'habit' });
    expect((await deliver(server.url, ours)).status).toBe(200);
    expect(await purchasesOf(server, userId)).toMatchObject([
      { checkoutSessionId: sessionId, status: 'paid' },
    ]);
    expect((await planOf(client)).isPro).toBe(true);

    const strangers = [
      sessionEvent({
        ...base,
        sessionId: 'cs_test_nobody',
        userId: 'no-such-user',
        product: 'habit',
      }),
      sessionEvent({ ...base, sessionId: 'cs_test_other_shop', userId, product: 'tshirt' }),
      sessionEvent({ ...base, sessionId: 'cs_test_expired', userId, product: 'habit' }).replace(
        'checkout.session.completed',
        'checkout.session.expired',
      ),
    ];
    for (const payload of strangers) {
      const response = await deliver(server.url, payload);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ received: true, isDuplicate: false });
    }
    expect(await purchasesOf(server, userId)).toHaveLength(1);
  });
});

describe('webhook races on postgres', () => {
  let standIn: StripeStandIn;
  let server: TestServer;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    server = await startBillingServer('postgres', standIn);
  });
  afterAll(async () => {
    await server.stop();
    await standIn.close();
  });

  it('the same event delivered in parallel fulfils once', async () => {
    const { client, userId } = await signUpWithId(server);
    const sessionId = await startCheckout(client, 'habit');
    const id = `evt_parallel_${userId}`;
    const payload = sessionEvent({
      id,
      type: 'checkout.session.completed',
      sessionId,
      userId,
      product: 'habit',
      paymentStatus: 'paid',
    });
    const signature = signatureFor(payload);
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => deliver(server.url, payload, signature)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(8).fill(200));
    expect(responses.filter((response) => response.body.isDuplicate === false)).toHaveLength(1);
    expect(await purchasesOf(server, userId)).toMatchObject([{ status: 'paid' }]);
    expect(await storedEvents(server, id)).toBe(1);
    expect((await planOf(client)).isPro).toBe(true);
  });

  it('two different events for one session in parallel write one purchase', async () => {
    const { client, userId } = await signUpWithId(server);
    for (const sessionId of [
      await startCheckout(client, 'habit'),
      `cs_test_no_pending_${userId}`,
    ]) {
      const base = { sessionId, userId, product: 'habit', paymentStatus: 'paid' } as const;
      const payloads = [
        sessionEvent({ ...base, type: 'checkout.session.completed' }),
        sessionEvent({ ...base, type: 'checkout.session.async_payment_succeeded' }),
        sessionEvent({ ...base, type: 'checkout.session.completed' }),
      ];
      const responses = await Promise.all(payloads.map((payload) => deliver(server.url, payload)));
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    }
    const rows = await purchasesOf(server, userId);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.status === 'paid')).toBe(true);
    expect(await entitlementOf(server, userId)).toEqual({
      premiumHabit: true,
      premiumBundle: false,
    });
  });
});
