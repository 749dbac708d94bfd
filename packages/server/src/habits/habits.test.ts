import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../test/harness';

type Json = Record<string, unknown>;
const NOW = new Date('2026-06-15T12:00:00Z'); // a Monday

describe.each(DATABASE_KINDS)('habits on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => NOW });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('creates with defaults, lists newest first with category and streaks', async () => {
    const { client } = await signUp(server);
    const first = await client.post('/api/habits', { title: '  Read 20 pages  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      title: 'Read 20 pages',
      description: null,
      frequency: 'daily',
      category: 'CAREER', // the first category by name, as the create dialog preselects
      xpOnComplete: 10,
      isRecurring: true,
      specificDate: null,
      color: '#10b981',
      icon: 'target',
      streak: 0,
      bestStreak: 0,
      lastCompletedAt: null,
    });
    const categories = (await client.get<Json[]>('/api/categories')).body;
    const health = Array.isArray(categories)
      ? categories.find((c) => c.name === 'HEALTH & FITNESS')
      : undefined;
    const second = await client.post('/api/habits', {
      title: 'Yearly checkup',
      frequency: 'yearly',
      isRecurring: false,
      specificDate: '2026-09-01',
      xpOnComplete: 100,
      ...(health ? { categoryId: health.id } : {}),
    });
    expect(second.status).toBe(201);
    const list = await client.get<Json[]>('/api/habits');
    expect(list.body.map((h) => h.title)).toEqual(['Yearly checkup', 'Read 20 pages']);
    if (health)
      expect(list.body[0]).toMatchObject({ category: 'HEALTH & FITNESS', categoryId: health.id });
  });

  it('refuses bad input and changes nothing', async () => {
    const { client } = await signUp(server);
    const bad: unknown[] = [
      { title: '   ' },
      { title: 'x'.repeat(10_000) },
      { title: 'ok', xpOnComplete: 0 },
      { title: 'ok', xpOnComplete: 101 },
      { title: 'ok', xpOnComplete: 'ten' },
      { title: 'ok', xpOnComplete: 1.5 },
      { title: 'ok', frequency: 'hourly' },
      { title: 'ok', isRecurring: false },
      { title: 'ok', isRecurring: false, specificDate: '2026-02-30' },
      { title: 'ok', isRecurring: true, specificDate: '2026-02-03' },
      { title: 'ok', categoryId: 'not-a-uuid' },
      { title: 'ok', categoryId: '00000000-0000-4000-8000-000000000000' },
      { title: 'ok', color: 'red' },
      { title: 'ok', userId: 'someone' },
      'not an object',
    ];
    for (const body of bad) {
      const response = await client.post('/api/habits', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ error: { code: 'VALIDATION' } });
    }
    expect((await client.get<Json[]>('/api/habits')).body).toEqual([]);
  });

  it('updates, keeps the schedule consistent, and 404s unknown ids', async () => {
    const { client } = await signUp(server);
    const created = (await client.post('/api/habits', { title: 'Gym' })).body;
    const updated = await client.patch(`/api/habits/${String(created.id)}`, {
      title: 'Gym session',
      frequency: 'weekly',
      xpOnComplete: 40,
      isRecurring: false,
      specificDate: '2026-06-17',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      title: 'Gym session',
      frequency: 'weekly',
      xpOnComplete: 40,
      isRecurring: false,
      specificDate: '2026-06-17',
    });
    const recurring = await client.patch(`/api/habits/${String(created.id)}`, {
      isRecurring: true,
    });
    expect(recurring.body).toMatchObject({ isRecurring: true, specificDate: null });
    expect(
      (await client.patch(`/api/habits/${String(created.id)}`, { isRecurring: false })).status,
    ).toBe(400);
    expect((await client.patch(`/api/habits/${String(created.id)}`, {})).status).toBe(400);
    expect(
      (await client.patch(`/api/habits/${String(created.id)}`, { xpOnComplete: 1000 })).status,
    ).toBe(400);
    expect(
      (await client.patch('/api/habits/00000000-0000-4000-8000-000000000000', { title: 'x' }))
        .status,
    ).toBe(404);
    expect((await client.patch('/api/habits/abc', { title: 'x' })).status).toBe(404);
    expect((await client.request('DELETE', '/api/habits/abc')).status).toBe(404);
  });

  it('enforces the free limit of 15 habits with the spec message', async () => {
    const { client } = await signUp(server);
    for (let i = 0; i < 15; i += 1) {
      expect((await client.post('/api/habits', { title: `Habit ${i}` })).status).toBe(201);
    }
    const sixteenth = await client.post('/api/habits', { title: 'One too many' });
    expect(sixteenth.status).toBe(403);
    expect(sixteenth.body).toEqual({
      error: {
        code: 'LIMIT_REACHED',
        message: 'Free plan limit reached: 15 habits. Upgrade to Pro for unlimited habits!',
        resource: 'habits',
        limit: 15,
      },
    });
    expect((await client.get('/api/me')).body).toMatchObject({ plan: { counts: { habits: 15 } } });
  });

  it("keeps users apart: another user's habits are 404 and untouched", async () => {
    const alice = await signUp(server);
    const bob = await signUp(server);
    const habit = (await alice.client.post('/api/habits', { title: "Alice's" })).body;
    const id = String(habit.id);
    expect((await bob.client.get<Json[]>('/api/habits')).body).toEqual([]);
    expect((await bob.client.patch(`/api/habits/${id}`, { title: 'mine now' })).status).toBe(404);
    expect((await bob.client.request('DELETE', `/api/habits/${id}`)).status).toBe(404);
    expect(
      (
        await bob.client.request('PUT', `/api/habits/${id}/completions/2026-06-15`, {
          completed: true,
        })
      ).status,
    ).toBe(404);
    expect(
      (await bob.client.get<Json[]>('/api/completions?from=2026-06-01&to=2026-06-30')).body,
    ).toEqual([]);
    const after = (await alice.client.get<Json[]>('/api/habits')).body;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ title: "Alice's" });
    expect((await alice.client.get('/api/me')).body).toMatchObject({ progress: { xp: 0 } });
  });

  it.runIf(kind === 'postgres')(
    'reads the answers of a create and a delete before their commit: after it only the events go',
    async () => {
      const { client } = await signUp(server);
      // Every statement a pooled connection sends, from the request's session check on.
      const spy = vi.spyOn(pg.Client.prototype, 'query');
      const sent = (): string[] =>
        spy.mock.calls.map(([first]) =>
          typeof first === 'string' ? first : String((first as { text?: string }).text),
        );
      /** The statements after the commit, once the events (published after it) are out. */
      const afterCommit = async (): Promise<string[]> => {
        await vi.waitFor(() => {
          expect(sent().at(-1)).toMatch(/pg_notify/);
        });
        const all = sent();
        const commit = all.findLastIndex((text) => /^commit$/i.test(text.trim()));
        expect(commit).toBeGreaterThan(0);
        return all.slice(commit + 1);
      };
      try {
        const created = await client.post<{ id: string; title: string }>('/api/habits', {
          title: 'Stretch',
        });
        expect(created.status).toBe(201);
        expect(created.body.title).toBe('Stretch');
        for (const text of await afterCommit()) expect(text).toMatch(/pg_notify/);

        spy.mockClear();
        const deleted = await client.request<{ progress: { xp: number } }>(
          'DELETE',
          `/api/habits/${created.body.id}`,
        );
        expect(deleted.status).toBe(200);
        expect(deleted.body.progress.xp).toBe(0);
        for (const text of await afterCommit()) expect(text).toMatch(/pg_notify/);
      } finally {
        spy.mockRestore();
      }
    },
  );

  it('needs a session', async () => {
    const anonymous = new TestClient(server.url);
    expect((await anonymous.get('/api/habits')).status).toBe(401);
    expect((await anonymous.post('/api/habits', { title: 'x' })).status).toBe(401);
  });
});
