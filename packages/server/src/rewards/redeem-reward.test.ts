import type { Purchase, RedeemResult, Reward } from '@habitquest/contracts/rewards';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchasedRewards } from '../db/schema';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/harness';
import {
  balancesOf,
  givePoints,
  remove,
  userIdOf,
  type ErrorBody,
} from '../../test/rewards-support';

const UNKNOWN_ID = '0b7e4c52-4c55-4f4e-9a55-2b1f6f1d3a10';

async function pointsOf(client: TestClient): Promise<number> {
  return (await client.get<{ progress: { points: number } }>('/api/me')).body.progress.points;
}

async function purchasesOf(client: TestClient): Promise<Purchase[]> {
  const response = await client.get<Purchase[]>('/api/purchases');
  expect(response.status).toBe(200);
  return response.body;
}

async function createReward(client: TestClient, body: Record<string, unknown>): Promise<Reward> {
  const response = await client.post<Reward>('/api/rewards', body);
  expect(response.status).toBe(201);
  return response.body;
}

describe.each(DATABASE_KINDS)('redeeming rewards on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('refuses when the points do not cover the cost, and changes nothing', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const reward = await createReward(client, { name: 'Movie', cost: 100 });
    await givePoints(server, userId, 99);
    const response = await client.post<ErrorBody>(`/api/rewards/${reward.id}/redeem`);
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({
      code: 'INSUFFICIENT_POINTS',
      message: 'Insufficient points to purchase this reward',
    });
    expect(await pointsOf(client)).toBe(99);
    expect(await purchasesOf(client)).toEqual([]);
    expect((await client.get<Reward[]>('/api/rewards')).body).toEqual([reward]);
  });

  it('refuses while the balance is negative (after an undo following a purchase)', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const reward = await createReward(client, { name: 'Gum', cost: 1 });
    await givePoints(server, userId, -10);
    const response = await client.post<ErrorBody>(`/api/rewards/${reward.id}/redeem`);
    expect(response.status).toBe(409);
    expect(await pointsOf(client)).toBe(-10);
  });

  it('spends the points and moves the reward into the inventory', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const reward = await createReward(client, {
      name: 'Movie night',
      cost: 100,
      description: 'Cinema',
      icon: '🎬',
      rarity: 'rare',
    });
    await givePoints(server, userId, 250);
    const response = await client.post<RedeemResult>(`/api/rewards/${reward.id}/redeem`);
    expect(response.status).toBe(200);
    expect(response.body.purchase).toMatchObject({
      rewardId: null,
      rewardName: 'Movie night',
      rewardCost: 100,
      rewardDescription: 'Cinema',
      rewardIcon: '🎬',
      rewardRarity: 'rare',
    });
    expect(response.body.progress).toMatchObject({ points: 150, xp: 500 });
    expect((await client.get('/api/rewards')).body).toEqual([]);
    expect(await purchasesOf(client)).toEqual([response.body.purchase]);
    expect(await pointsOf(client)).toBe(150);
    const balances = await balancesOf(server, userId);
    expect(balances.ledger).toEqual(balances.cached);
    // It left the shop, so it cannot be redeemed again.
    expect((await client.post(`/api/rewards/${reward.id}/redeem`)).status).toBe(404);
    expect(await pointsOf(client)).toBe(150);
  });

  it('keeps a repeatable reward in the shop; the inventory lists newest first', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const coffee = await createReward(client, { name: 'Coffee', cost: 30, keepInShop: true });
    const cake = await createReward(client, { name: 'Cake', cost: 40 });
    await givePoints(server, userId, 120);
    const redeemed: Purchase[] = [];
    for (const id of [coffee.id, cake.id, coffee.id]) {
      const response = await client.post<RedeemResult>(`/api/rewards/${id}/redeem`);
      expect(response.status).toBe(200);
      redeemed.push(response.body.purchase);
    }
    expect(await pointsOf(client)).toBe(20);
    expect((await client.get('/api/rewards')).body).toEqual([coffee]);
    const inventory = await purchasesOf(client);
    expect(inventory.map((purchase) => purchase.id)).toEqual(
      redeemed.map((purchase) => purchase.id).reverse(),
    );
    expect(inventory.map((purchase) => purchase.rewardName)).toEqual(['Coffee', 'Cake', 'Coffee']);
    expect(inventory[0]?.rewardId).toBe(coffee.id);
    expect(Date.parse(inventory[0]?.purchasedAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(inventory[2]?.purchasedAt ?? ''),
    );
    // 20 points left: not enough for another coffee.
    expect((await client.post(`/api/rewards/${coffee.id}/redeem`)).status).toBe(409);
    const balances = await balancesOf(server, userId);
    expect(balances.cached.points).toBe(20);
    expect(balances.ledger).toEqual(balances.cached);
  });

  it('keeps the snapshot when the reward is edited or deleted, and never refunds', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const reward = await createReward(client, { name: 'Massage', cost: 60, keepInShop: true });
    await givePoints(server, userId, 100);
    const { body } = await client.post<RedeemResult>(`/api/rewards/${reward.id}/redeem`);
    await client.patch(`/api/rewards/${reward.id}`, { name: 'Spa', cost: 90 });
    expect((await purchasesOf(client))[0]).toMatchObject({
      rewardId: reward.id,
      rewardName: 'Massage',
      rewardCost: 60,
    });
    expect((await remove(client, `/api/rewards/${reward.id}`)).status).toBe(200);
    expect(await purchasesOf(client)).toEqual([{ ...body.purchase, rewardId: null }]);
    expect(await pointsOf(client)).toBe(40);
  });

  it("shows missing snapshot values as 'Unknown' and cost 0", async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    await server.database.db.insert(purchasedRewards).values({
      userId,
      rewardId: UNKNOWN_ID,
      rewardName: '',
      rewardCost: -3,
      rewardRarity: 'mythic',
    });
    const [purchase] = await purchasesOf(client);
    expect(purchase).toMatchObject({
      rewardId: null,
      rewardName: 'Unknown',
      rewardCost: 0,
      rewardRarity: null,
    });
    await server.database.db.delete(purchasedRewards).where(eq(purchasedRewards.userId, userId));
  });

  it('answers 404 for unknown and malformed ids, spending nothing', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    await givePoints(server, userId, 500);
    for (const badId of [UNKNOWN_ID, 'abc', '1']) {
      const response = await client.post<ErrorBody>(`/api/rewards/${badId}/redeem`);
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('NOT_FOUND');
    }
    expect(await pointsOf(client)).toBe(500);
    expect(await purchasesOf(client)).toEqual([]);
  });

  it("cannot redeem another user's reward, nor see their inventory", async () => {
    const owner = await signUp(server);
    const stranger = await signUp(server);
    const ownerId = await userIdOf(owner.client);
    await givePoints(server, ownerId, 100);
    await givePoints(server, await userIdOf(stranger.client), 100);
    const reward = await createReward(owner.client, { name: 'Mine', cost: 10 });
    expect((await owner.client.post(`/api/rewards/${reward.id}/redeem`)).status).toBe(200);
    const again = await createReward(owner.client, { name: 'Mine too', cost: 10 });
    expect((await stranger.client.post(`/api/rewards/${again.id}/redeem`)).status).toBe(404);
    expect(await pointsOf(stranger.client)).toBe(100);
    expect(await purchasesOf(stranger.client)).toEqual([]);
    expect(await purchasesOf(owner.client)).toHaveLength(1);
    expect((await owner.client.get('/api/rewards')).body).toEqual([again]);
  });
});

describe('redeeming under a frozen clock', () => {
  const FROZEN = new Date('2024-03-05T20:00:00.000Z');
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', { now: () => FROZEN });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('still lists the inventory strictly newest first', async () => {
    const { client } = await signUp(server);
    await givePoints(server, await userIdOf(client), 100);
    const reward = await createReward(client, { name: 'Tea', cost: 10, keepInShop: true });
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const response = await client.post<RedeemResult>(`/api/rewards/${reward.id}/redeem`);
      ids.push(response.body.purchase.id);
    }
    const inventory = await purchasesOf(client);
    expect(inventory.map((purchase) => purchase.id)).toEqual(ids.reverse());
    expect(inventory.map((purchase) => purchase.purchasedAt)).toEqual([
      '2024-03-05T20:00:00.002Z',
      '2024-03-05T20:00:00.001Z',
      '2024-03-05T20:00:00.000Z',
    ]);
  });
});
