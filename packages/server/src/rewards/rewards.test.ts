import type { Reward } from '@habitquest/contracts/rewards';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/harness';
import { makePro, remove, userIdOf, type ErrorBody } from '../../test/rewards-support';

const UNKNOWN_ID = '0b7e4c52-4c55-4f4e-9a55-2b1f6f1d3a10';
const HUGE = 'x'.repeat(10_000);

async function listOf(client: TestClient): Promise<Reward[]> {
  const response = await client.get<Reward[]>('/api/rewards');
  expect(response.status).toBe(200);
  return response.body;
}

describe.each(DATABASE_KINDS)('rewards on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('starts empty, creates with the defaults and stores empty text as null', async () => {
    const { client } = await signUp(server);
    expect(await listOf(client)).toEqual([]);
    const created = await client.post<Reward>('/api/rewards', {
      name: '  Coffee  ',
      description: '',
      category: '   ',
      icon: '',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String) as string,
      name: 'Coffee',
      description: null,
      cost: 100,
      category: null,
      icon: null,
      rarity: null,
      keepInShop: false,
    });
    const full = await client.post<Reward>('/api/rewards', {
      name: 'Spa day',
      cost: 10_000,
      description: ' A treat ',
      category: 'Self care',
      icon: '🧖',
      rarity: 'legendary',
      keepInShop: true,
    });
    expect(full.body).toMatchObject({
      cost: 10_000,
      description: 'A treat',
      category: 'Self care',
      icon: '🧖',
      rarity: 'legendary',
      keepInShop: true,
    });
    expect(await listOf(client)).toEqual([created.body, full.body]);
  });

  it('lists by cost ascending, then by name', async () => {
    const { client } = await signUp(server);
    for (const [name, cost] of [
      ['Movie', 300],
      ['Snack', 50],
      ['Book', 300],
      ['Nap', 1],
    ] as const) {
      expect((await client.post('/api/rewards', { name, cost })).status).toBe(201);
    }
    expect((await listOf(client)).map((reward) => reward.name)).toEqual([
      'Nap',
      'Snack',
      'Book',
      'Movie',
    ]);
  });

  it('orders names by code units, as the web does, whatever the database collation', async () => {
    const { client } = await signUp(server);
    for (const name of ['apple', 'Banana', 'Äpfel', 'apple pie']) {
      expect((await client.post('/api/rewards', { name, cost: 10 })).status).toBe(201);
    }
    expect((await listOf(client)).map((reward) => reward.name)).toEqual([
      'Banana',
      'apple',
      'apple pie',
      'Äpfel',
    ]);
  });

  it('refuses bad create bodies and changes nothing', async () => {
    const { client } = await signUp(server);
    await client.post('/api/rewards', { name: 'Existing' });
    const before = await listOf(client);
    const bodies: unknown[] = [
      {},
      { name: '' },
      { name: '   ' },
      { name: 123 },
      { name: HUGE },
      { name: 'ok', cost: 0 },
      { name: 'ok', cost: -5 },
      { name: 'ok', cost: 10_001 },
      { name: 'ok', cost: 1.5 },
      { name: 'ok', cost: '100' },
      { name: 'ok', cost: 'NaN' },
      { name: 'ok', cost: null },
      { name: 'ok', cost: 1e308 },
      { name: 'ok', description: HUGE },
      { name: 'ok', category: HUGE },
      { name: 'ok', icon: HUGE },
      { name: 'ok', rarity: 'mythic' },
      { name: 'ok', keepInShop: 'yes' },
      { name: 'ok', userId: UNKNOWN_ID },
      // A client-made id must be a UUID (db/client-made-id.test.ts has the rest).
      { name: 'ok', id: 'reward-1' },
      ['ok'],
      null,
      '{"name":"ok","cost":NaN}',
      'not json',
    ];
    for (const body of bodies) {
      const response = await client.post<ErrorBody>('/api/rewards', body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION');
    }
    expect(await listOf(client)).toEqual(before);
  });

  it('updates the given fields only', async () => {
    const { client } = await signUp(server);
    const created = await client.post<Reward>('/api/rewards', {
      name: 'Coffee',
      description: 'Fancy',
      icon: '☕',
    });
    const url = `/api/rewards/${created.body.id}`;
    const updated = await client.patch<Reward>(url, { name: ' Latte ', cost: 150 });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ ...created.body, name: 'Latte', cost: 150 });
    const cleared = await client.patch<Reward>(url, {
      description: '',
      icon: null,
      rarity: 'rare',
      keepInShop: true,
    });
    expect(cleared.body).toMatchObject({
      description: null,
      icon: null,
      rarity: 'rare',
      keepInShop: true,
    });
    expect(await listOf(client)).toEqual([cleared.body]);
  });

  it('refuses bad patches, unknown and malformed ids, and changes nothing', async () => {
    const { client } = await signUp(server);
    const created = await client.post<Reward>('/api/rewards', { name: 'Coffee' });
    const url = `/api/rewards/${created.body.id}`;
    const bodies: unknown[] = [
      {},
      { name: '' },
      { name: HUGE },
      { cost: -1 },
      { cost: 0 },
      { cost: 10_001 },
      { cost: 'abc' },
      { cost: 2.5 },
      { description: HUGE },
      { rarity: 'mythic' },
      { keepInShop: 1 },
      { owner: 'me' },
      'not json',
    ];
    for (const body of bodies) {
      const response = await client.patch<ErrorBody>(url, body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    for (const badId of [UNKNOWN_ID, 'abc', '1', `${UNKNOWN_ID}x`]) {
      const patch = await client.patch<ErrorBody>(`/api/rewards/${badId}`, { cost: 5 });
      expect(patch.status).toBe(404);
      expect(patch.body.error.code).toBe('NOT_FOUND');
      expect((await remove(client, `/api/rewards/${badId}`)).status).toBe(404);
    }
    expect(await listOf(client)).toEqual([created.body]);
  });

  it('deletes a reward', async () => {
    const { client } = await signUp(server);
    const created = await client.post<Reward>('/api/rewards', { name: 'Coffee' });
    const url = `/api/rewards/${created.body.id}`;
    const response = await remove(client, url);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ deleted: created.body.id });
    expect(await listOf(client)).toEqual([]);
    expect((await remove(client, url)).status).toBe(404);
  });

  it('allows 6 rewards on the free plan, then LIMIT_REACHED', async () => {
    const { client } = await signUp(server);
    for (let index = 1; index <= 6; index += 1) {
      expect((await client.post('/api/rewards', { name: `Reward ${index}` })).status).toBe(201);
    }
    const refused = await client.post<ErrorBody>('/api/rewards', { name: 'Seventh' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: 'LIMIT_REACHED',
      message: 'Free plan limit reached: 6 rewards. Upgrade to Pro for unlimited rewards!',
      resource: 'rewards',
      limit: 6,
    });
    expect(await listOf(client)).toHaveLength(6);
    // Deleting one makes room again.
    const first = (await listOf(client))[0];
    await remove(client, `/api/rewards/${first?.id ?? ''}`);
    expect((await client.post('/api/rewards', { name: 'Seventh' })).status).toBe(201);
  });

  it('lets a Pro user create past the free limit', async () => {
    const { client } = await signUp(server);
    await makePro(server, await userIdOf(client));
    for (let index = 1; index <= 8; index += 1) {
      expect((await client.post('/api/rewards', { name: `Reward ${index}` })).status).toBe(201);
    }
    expect(await listOf(client)).toHaveLength(8);
  });

  it("answers 404 for another user's rewards and leaves them intact", async () => {
    const owner = await signUp(server);
    const stranger = await signUp(server);
    const created = await owner.client.post<Reward>('/api/rewards', { name: 'Mine', cost: 1 });
    const url = `/api/rewards/${created.body.id}`;
    expect(await listOf(stranger.client)).toEqual([]);
    expect((await stranger.client.patch(url, { name: 'Stolen' })).status).toBe(404);
    expect((await remove(stranger.client, url)).status).toBe(404);
    expect((await stranger.client.post(`${url}/redeem`)).status).toBe(404);
    expect(await listOf(owner.client)).toEqual([created.body]);
    expect((await stranger.client.get('/api/purchases')).body).toEqual([]);
  });
});
