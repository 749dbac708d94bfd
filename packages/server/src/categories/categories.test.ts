import type { Category } from '@habitquest/contracts/categories';
import { DEFAULT_CATEGORIES, FALLBACK_CATEGORY } from '@habitquest/core/categories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePro, remove, userIdOf, type ErrorBody } from '../../test/rewards-support';
import { DATABASE_KINDS, signUp, startTestServer, type TestServer } from '../../test/harness';

const UNKNOWN_ID = '0b7e4c52-4c55-4f4e-9a55-2b1f6f1d3a10';
const HUGE = 'x'.repeat(10_000);

describe.each(DATABASE_KINDS)('categories on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  async function listOf(client: Awaited<ReturnType<typeof signUp>>['client']) {
    const response = await client.get<Category[]>('/api/categories');
    expect(response.status).toBe(200);
    return response.body;
  }

  it('lists the defaults and the fallback, ordered by name', async () => {
    const { client } = await signUp(server);
    const list = await listOf(client);
    const expected = [...DEFAULT_CATEGORIES, FALLBACK_CATEGORY].map((seed) => seed.name).sort();
    expect(list.map((category) => category.name)).toEqual(expected);
    const health = list.find((category) => category.name === 'HEALTH & FITNESS');
    expect(health).toMatchObject({ monthlyTargetXp: 350, isFallback: false });
    expect(health?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const fallback = list.find((category) => category.isFallback);
    expect(fallback).toMatchObject({
      name: 'UNCATEGORIZED HABITS',
      color: '#6B7280',
      monthlyTargetXp: 100,
    });
  });

  it('creates a category trimmed and uppercase, with the defaults', async () => {
    const { client } = await signUp(server);
    const created = await client.post<Category>('/api/categories', { name: '  Reading  ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'READING',
      color: '#6366f1',
      monthlyTargetXp: 200,
      isFallback: false,
    });
    const custom = await client.post<Category>('/api/categories', {
      name: 'garden',
      color: '#123abc',
      monthlyTargetXp: 10_000,
    });
    expect(custom.body).toMatchObject({
      name: 'GARDEN',
      color: '#123abc',
      monthlyTargetXp: 10_000,
    });
    const names = (await listOf(client)).map((category) => category.name);
    expect(names).toContain('READING');
    expect(names).toContain('GARDEN');
  });

  it('refuses a duplicate name, in any case, and the fallback name', async () => {
    const { client } = await signUp(server);
    const duplicate = await client.post<ErrorBody>('/api/categories', { name: 'health & fitness' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toEqual({
      code: 'CONFLICT',
      message: 'A category named "HEALTH & FITNESS" already exists.',
    });
    const reserved = await client.post<ErrorBody>('/api/categories', {
      name: 'Uncategorized Habits',
    });
    expect(reserved.status).toBe(409);
    // Look-alikes are the same names: an invisible character after it, an accent typed apart.
    const lookAlike = await client.post<ErrorBody>('/api/categories', {
      name: 'Uncategorized Habits\u200b',
    });
    expect(lookAlike.status).toBe(409);
    expect((await client.post('/api/categories', { name: 'CAF\u00c9' })).status).toBe(201);
    expect((await client.post('/api/categories', { name: 'CAFE\u0301' })).status).toBe(409);
    const invisible = await client.post<ErrorBody>('/api/categories', { name: '\u200b' });
    expect(invisible.status).toBe(400);
    expect(await listOf(client)).toHaveLength(9);
  });

  it('refuses bad create bodies and changes nothing', async () => {
    const { client } = await signUp(server);
    const before = await listOf(client);
    const bodies: unknown[] = [
      {},
      { name: 123 },
      { name: '' },
      { name: '   ' },
      { name: HUGE },
      { name: 'ok', monthlyTargetXp: 0 },
      { name: 'ok', monthlyTargetXp: -5 },
      { name: 'ok', monthlyTargetXp: 10_001 },
      { name: 'ok', monthlyTargetXp: 2.5 },
      { name: 'ok', monthlyTargetXp: '200' },
      { name: 'ok', monthlyTargetXp: 'NaN' },
      { name: 'ok', monthlyTargetXp: null },
      { name: 'ok', color: 'red' },
      { name: 'ok', color: HUGE },
      { name: 'ok', isFallback: true },
      { name: 'ok', userId: UNKNOWN_ID },
      ['ok'],
      null,
      '{"name":"ok","monthlyTargetXp":NaN}',
      'not json',
    ];
    for (const body of bodies) {
      const response = await client.post<ErrorBody>('/api/categories', body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION');
    }
    expect(await listOf(client)).toEqual(before);
  });

  it('updates name, colour and target; 0 is a valid target', async () => {
    const { client } = await signUp(server);
    const created = await client.post<Category>('/api/categories', { name: 'Reading' });
    const url = `/api/categories/${created.body.id}`;
    const renamed = await client.patch<Category>(url, { name: ' books ', color: '#000000' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: created.body.id, name: 'BOOKS', color: '#000000' });
    const zero = await client.patch<Category>(url, { monthlyTargetXp: 0 });
    expect(zero.body).toMatchObject({ name: 'BOOKS', monthlyTargetXp: 0 });
    // Saving its own name again is no conflict.
    expect((await client.patch(url, { name: 'Books' })).status).toBe(200);
  });

  it('refuses a rename onto another category, and renaming the fallback', async () => {
    const { client } = await signUp(server);
    const list = await listOf(client);
    const creative = list.find((category) => category.name === 'CREATIVE');
    const fallback = list.find((category) => category.isFallback);
    if (!creative || !fallback) throw new Error('defaults missing');
    const clash = await client.patch<ErrorBody>(`/api/categories/${creative.id}`, {
      name: 'career',
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toBe('A category named "CAREER" already exists.');
    const fallbackUrl = `/api/categories/${fallback.id}`;
    const rename = await client.patch<ErrorBody>(fallbackUrl, { name: 'Misc' });
    expect(rename.status).toBe(409);
    expect(rename.body.error.code).toBe('CONFLICT');
    const target = await client.patch<Category>(fallbackUrl, { monthlyTargetXp: 250 });
    expect(target.status).toBe(200);
    expect(target.body).toMatchObject({ name: 'UNCATEGORIZED HABITS', monthlyTargetXp: 250 });
    const after = await listOf(client);
    expect(after.find((category) => category.id === creative.id)?.name).toBe('CREATIVE');
  });

  it('refuses bad patches, unknown and malformed ids, and changes nothing', async () => {
    const { client } = await signUp(server);
    const before = await listOf(client);
    const id = before[0]?.id ?? '';
    const bodies: unknown[] = [
      {},
      { name: '' },
      { name: HUGE },
      { name: 42 },
      { monthlyTargetXp: -1 },
      { monthlyTargetXp: 10_001 },
      { monthlyTargetXp: 'abc' },
      { monthlyTargetXp: 1.5 },
      { color: '#12345' },
      { isFallback: false },
      { createdAt: '2024-01-01T00:00:00Z' },
      'not json',
    ];
    for (const body of bodies) {
      const response = await client.patch<ErrorBody>(`/api/categories/${id}`, body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    for (const badId of [UNKNOWN_ID, 'abc', '1', `${UNKNOWN_ID}x`]) {
      const patch = await client.patch<ErrorBody>(`/api/categories/${badId}`, { color: '#000000' });
      expect(patch.status).toBe(404);
      expect(patch.body.error.code).toBe('NOT_FOUND');
      expect((await remove(client, `/api/categories/${badId}`)).status).toBe(404);
    }
    expect(await listOf(client)).toEqual(before);
  });

  it('allows 3 more than the 7 defaults on the free plan, then LIMIT_REACHED', async () => {
    const { client } = await signUp(server);
    for (const name of ['one', 'two', 'three']) {
      expect((await client.post('/api/categories', { name })).status).toBe(201);
    }
    const refused = await client.post<ErrorBody>('/api/categories', { name: 'four' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: 'LIMIT_REACHED',
      message: 'Free plan limit reached: 10 categories. Upgrade to Pro for unlimited categories!',
      resource: 'categories',
      limit: 10,
    });
    expect(await listOf(client)).toHaveLength(11);
    const me = await client.get<{ plan: { counts: { categories: number } } }>('/api/me');
    expect(me.body.plan.counts.categories).toBe(10);
  });

  it('lets a Pro user create past the free limit', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    await makePro(server, userId);
    for (let index = 0; index < 6; index += 1) {
      expect((await client.post('/api/categories', { name: `pro ${index}` })).status).toBe(201);
    }
    expect(await listOf(client)).toHaveLength(14);
  });

  it("answers 404 for another user's categories and leaves them intact", async () => {
    const owner = await signUp(server);
    const stranger = await signUp(server);
    const created = await owner.client.post<Category>('/api/categories', { name: 'Secret' });
    const url = `/api/categories/${created.body.id}`;
    expect((await stranger.client.patch(url, { name: 'Mine' })).status).toBe(404);
    expect((await stranger.client.patch(url, { monthlyTargetXp: 5 })).status).toBe(404);
    expect((await remove(stranger.client, url)).status).toBe(404);
    const strangers = await listOf(stranger.client);
    expect(strangers.map((category) => category.id)).not.toContain(created.body.id);
    const owners = await listOf(owner.client);
    expect(owners.find((category) => category.id === created.body.id)).toEqual(created.body);
  });
});
