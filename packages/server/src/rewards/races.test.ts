/**
 * Concurrency on PostgreSQL (PGlite has one connection, so it cannot race): the user lock must
 * keep parallel redeems from overspending and parallel creates from passing a plan limit.
 */
import type { Purchase, Reward } from '@habitquest/contracts/rewards';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUp,
  startTestServer,
  type ApiResponse,
  type TestClient,
  type TestServer,
} from '../../test/harness';
import { balancesOf, givePoints, userIdOf } from '../../test/rewards-support';

const TRIALS = 5;
/** The deadlock of a reward's edit against a redeem showed in about one trial of five. */
const LOCK_ORDER_TRIALS = 20;
const PARALLEL = 20;

/** Fires `count` requests at once, each after a random short delay, so interleavings vary. */
async function inParallel<T>(count: number, send: (index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 15));
      return send(index);
    }),
  );
}

function statusesOf(responses: ApiResponse<unknown>[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of responses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('races on postgres', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('postgres');
  });
  afterAll(async () => {
    await server.stop();
  });

  async function rewardFor(client: TestClient, body: Record<string, unknown>): Promise<Reward> {
    return (await client.post<Reward>('/api/rewards', body)).body;
  }

  it.each(Array.from({ length: TRIALS }, (_, trial) => trial + 1))(
    'trial %i: 20 parallel redeems of 100 with 150 points spend exactly once',
    async () => {
      const { client } = await signUp(server);
      const userId = await userIdOf(client);
      const reward = await rewardFor(client, { name: 'Treat', cost: 100, keepInShop: true });
      await givePoints(server, userId, 150);

      const responses = await inParallel(PARALLEL, () =>
        client.post(`/api/rewards/${reward.id}/redeem`),
      );
      expect(statusesOf(responses)).toEqual({ 200: 1, 409: PARALLEL - 1 });
      const refused = responses.find((response) => response.status === 409);
      expect(refused?.body).toMatchObject({ error: { code: 'INSUFFICIENT_POINTS' } });

      const balances = await balancesOf(server, userId);
      expect(balances.cached.points).toBe(50);
      expect(balances.ledger).toEqual(balances.cached);
      expect((await client.get<Purchase[]>('/api/purchases')).body).toHaveLength(1);
    },
  );

  it('parallel redeems of a one-off reward sell it once', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const reward = await rewardFor(client, { name: 'One-off', cost: 100 });
    await givePoints(server, userId, 1000);

    const responses = await inParallel(PARALLEL, () =>
      client.post(`/api/rewards/${reward.id}/redeem`),
    );
    expect(statusesOf(responses)).toEqual({ 200: 1, 404: PARALLEL - 1 });
    const balances = await balancesOf(server, userId);
    expect(balances.cached.points).toBe(900);
    expect(balances.ledger).toEqual(balances.cached);
  });

  it('10 parallel category creates at the limit boundary: exactly one passes', async () => {
    const { client } = await signUp(server);
    await client.post('/api/categories', { name: 'eight' });
    await client.post('/api/categories', { name: 'nine' });
    const responses = await inParallel(10, (index) =>
      client.post('/api/categories', { name: `race ${index}` }),
    );
    expect(statusesOf(responses)).toEqual({ 201: 1, 403: 9 });
    const me = await client.get<{ plan: { counts: { categories: number } } }>('/api/me');
    expect(me.body.plan.counts.categories).toBe(10);
  });

  it('10 parallel reward creates at the limit boundary: exactly one passes', async () => {
    const { client } = await signUp(server);
    for (let index = 0; index < 5; index += 1) {
      await client.post('/api/rewards', { name: `Reward ${index}` });
    }
    const responses = await inParallel(10, (index) =>
      client.post('/api/rewards', { name: `Race ${index}` }),
    );
    expect(statusesOf(responses)).toEqual({ 201: 1, 403: 9 });
    expect((await client.get<Reward[]>('/api/rewards')).body).toHaveLength(6);
  });

  it.each(Array.from({ length: LOCK_ORDER_TRIALS }, (_, trial) => trial + 1))(
    'trial %i: a reward edited and deleted while it is redeemed and habits are completed: no 500, no deadlock',
    async () => {
      // Every change takes the user's lock before any row of theirs: an edit or a delete that
      // locked the reward first and the user's row second (its revision trigger) deadlocked
      // with a redeem, which takes them the other way round.
      const { client } = await signUp(server);
      const userId = await userIdOf(client);
      const habit = (await client.post<{ id: string }>('/api/habits', { title: 'Run' })).body;
      await client.request('PUT', `/api/habits/${habit.id}/completions/2026-11-25`, {
        completed: true,
      });
      const reward = await rewardFor(client, { name: 'Treat', cost: 10 });
      await givePoints(server, userId, 100);
      // All at once (no stagger): the deadlock needs the edit and the redeem to overlap.
      const responses = await Promise.all([
        ...['2026-11-26', '2026-11-27'].map((date) =>
          client.request('PUT', `/api/habits/${habit.id}/completions/${date}`, {
            completed: true,
          }),
        ),
        client.post(`/api/rewards/${reward.id}/redeem`),
        client.request('DELETE', `/api/rewards/${reward.id}`),
        client.patch(`/api/rewards/${reward.id}`, { cost: 5 }),
      ]);
      for (const response of responses) expect(response.status).toBeLessThan(500);
      const balances = await balancesOf(server, userId);
      expect(balances.ledger).toEqual(balances.cached);
    },
  );

  it('parallel creates of one category name: one is created, the rest conflict', async () => {
    const { client } = await signUp(server);
    const responses = await inParallel(8, () => client.post('/api/categories', { name: 'Same' }));
    expect(statusesOf(responses)).toEqual({ 201: 1, 409: 7 });
  });
});
