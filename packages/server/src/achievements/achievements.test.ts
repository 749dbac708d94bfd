/**
 * Achievements on the server (core/achievements.ts): unlocked in the transaction of the change
 * that earns them, once, with the server's clock; back-filled from history by the list.
 */
import { ACHIEVEMENTS } from '@habitquest/core/achievements';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/harness';
import { userIdOf } from '../../test/rewards-support';
import { openEvents } from '../../test/sse';
import { achievements, habits } from '../db/schema';
import { eq } from 'drizzle-orm';

const NOW = new Date('2026-06-17T12:00:00Z'); // a Wednesday; the account's zone is UTC
const TODAY = '2026-06-17';

type State = {
  id: string;
  unlockedAt: string | null;
  progress: { current: number; target: number };
};

async function listOf(client: TestClient): Promise<Map<string, State>> {
  const response = await client.get<{ achievements: State[] }>('/api/achievements');
  expect(response.status).toBe(200);
  return new Map(response.body.achievements.map((a) => [a.id, a]));
}

async function unlockedIds(client: TestClient): Promise<string[]> {
  return [...(await listOf(client)).values()]
    .filter((a) => a.unlockedAt !== null)
    .map((a) => a.id)
    .sort();
}

async function complete(client: TestClient, habitId: string, date: string, completed = true) {
  const response = await client.request('PUT', `/api/habits/${habitId}/completions/${date}`, {
    completed,
  });
  expect(response.status).toBe(200);
}

async function habit(client: TestClient, title: string, xp = 10): Promise<string> {
  const response = await client.post<{ id: string }>('/api/habits', { title, xpOnComplete: xp });
  expect(response.status).toBe(201);
  return response.body.id;
}

describe.each(DATABASE_KINDS)('achievements on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => NOW });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('lists the whole catalogue, all locked with no progress, for a new account', async () => {
    const { client } = await signUp(server);
    const list = await listOf(client);
    expect([...list.keys()]).toEqual(ACHIEVEMENTS.map((a) => a.id));
    for (const state of list.values()) {
      expect(state.unlockedAt).toBeNull();
      expect(state.progress.current).toBe(state.id.startsWith('level-') ? 1 : 0);
    }
  });

  it('unlocks with the change that earns it, tells the tab that made it, and only once', async () => {
    const { client } = await signUp(server);
    const stream = await openEvents(client);
    await stream.next('heartbeat');
    const read = await habit(client, 'Read');
    expect((await stream.next('achievements')).data).toEqual({ ids: ['first-habit'] });
    // The only habit due today, done: the first completion and a perfect day.
    await complete(client, read, TODAY);
    expect((await stream.next('achievements')).data).toEqual({
      ids: ['first-completion', 'perfect-day'],
    });
    const list = await listOf(client);
    expect(list.get('first-completion')?.unlockedAt).toBe(NOW.toISOString());

    // Undone and done again, a second habit: nothing unlocks twice.
    await complete(client, read, TODAY, false);
    await complete(client, read, TODAY);
    await habit(client, 'Walk');
    expect(await unlockedIds(client)).toEqual(['first-completion', 'first-habit', 'perfect-day']);
    const rows = await server.database.db
      .select()
      .from(achievements)
      .where(eq(achievements.userId, await userIdOf(client)));
    expect(rows).toHaveLength(3);
    stream.close();
  });

  it('counts a streak of days, a category goal, and a first redeem', async () => {
    const { client } = await signUp(server);
    // 100 XP a day for three days: 300 XP, a 3-day streak; HEALTH & FITNESS's target is 350.
    const categories = (await client.get<{ id: string; name: string }[]>('/api/categories')).body;
    const health = categories.find((c) => c.name === 'HEALTH & FITNESS')?.id;
    const run = await client.post<{ id: string }>('/api/habits', {
      title: 'Run',
      xpOnComplete: 100,
      categoryId: health,
    });
    for (const date of ['2026-06-15', '2026-06-16']) await complete(client, run.body.id, date);
    let list = await listOf(client);
    expect(list.get('streak-3')).toMatchObject({ unlockedAt: null, progress: { current: 2 } });
    expect(list.get('goal-met')?.unlockedAt).toBeNull();
    await complete(client, run.body.id, TODAY);
    list = await listOf(client);
    expect(list.get('streak-3')?.unlockedAt).toBe(NOW.toISOString());
    expect(list.get('streak-7')?.progress).toEqual({ current: 3, target: 7 });
    expect(list.get('goal-met')?.unlockedAt).toBeNull();
    expect(list.get('level-5')?.progress.current).toBeGreaterThan(1);

    // A 60 XP habit in the same category passes the target of 350 XP this month.
    const stretch = await client.post<{ id: string }>('/api/habits', {
      title: 'Stretch',
      xpOnComplete: 60,
      categoryId: health,
    });
    await complete(client, stretch.body.id, TODAY);
    expect((await listOf(client)).get('goal-met')?.unlockedAt).toBe(NOW.toISOString());

    const reward = await client.post<{ id: string }>('/api/rewards', { name: 'Cake', cost: 10 });
    expect((await listOf(client)).get('first-reward')?.unlockedAt).toBeNull();
    expect((await client.post(`/api/rewards/${reward.body.id}/redeem`)).status).toBe(200);
    expect((await listOf(client)).get('first-reward')?.unlockedAt).toBe(NOW.toISOString());
  });

  it('a streak earned by back-filling past days is unlocked by that change, and told', async () => {
    const { client } = await signUp(server);
    const stream = await openEvents(client);
    await stream.next('heartbeat');
    const read = await habit(client, 'Read');
    expect((await stream.next('achievements')).data).toEqual({ ids: ['first-habit'] });
    // Three days in a row, ten to eight days ago: today's streak stays 0, the best run is 3.
    await complete(client, read, '2026-06-07');
    expect((await stream.next('achievements')).data).toEqual({
      ids: ['first-completion', 'perfect-day'],
    });
    await complete(client, read, '2026-06-09');
    await complete(client, read, '2026-06-08');
    // Told by the change that earned it, before any list read could back-fill it.
    expect((await stream.next('achievements')).data).toEqual({ ids: ['streak-3'] });
    const rows = await server.database.db
      .select({ id: achievements.achievementId })
      .from(achievements)
      .where(eq(achievements.userId, await userIdOf(client)));
    expect(rows.map((row) => row.id).sort()).toEqual([
      'first-completion',
      'first-habit',
      'perfect-day',
      'streak-3',
    ]);
    stream.close();
  });

  it('back-fills what the history earns when the list is read, and keeps users apart', async () => {
    const { client } = await signUp(server);
    const other = await signUp(server);
    const read = await habit(client, 'Read');
    for (const date of ['2026-06-13', '2026-06-14', '2026-06-15', '2026-06-16', TODAY])
      await complete(client, read, date);
    // As an account from before achievements: nothing recorded.
    await server.database.db
      .delete(achievements)
      .where(eq(achievements.userId, await userIdOf(client)));
    const stream = await openEvents(client);
    await stream.next('heartbeat');
    expect(await unlockedIds(client)).toEqual([
      'first-completion',
      'first-habit',
      'perfect-day',
      'streak-3',
    ]);
    expect((await stream.next('achievements')).data).toEqual({
      ids: ['first-habit', 'first-completion', 'streak-3', 'perfect-day'],
    });
    stream.close();
    expect(await unlockedIds(other.client)).toEqual([]);
  });

  it('a reset takes them away with the data that earned them', async () => {
    const { client } = await signUp(server);
    await complete(client, await habit(client, 'Read'), TODAY);
    expect(await unlockedIds(client)).not.toEqual([]);
    const reset = await client.post('/api/reset', { confirm: true });
    expect(reset.status).toBe(200);
    expect(await unlockedIds(client)).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const anonymous = await fetch(`${server.url}/api/achievements`);
    expect(anonymous.status).toBe(401);
  });
});

describe.each(DATABASE_KINDS)("Perfect Day and a habit's first day on %s", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => NOW });
  });
  afterAll(async () => {
    await server.stop();
  });

  /** Sets when a habit was created (the database stamps it with its own clock). */
  async function createdAt(habitId: string, at: string): Promise<void> {
    await server.database.db
      .update(habits)
      .set({ createdAt: new Date(at) })
      .where(eq(habits.id, habitId));
  }

  it('counts a habit from a back-filled start before its creation, as Day Insights does', async () => {
    const { client } = await signUp(server);
    const read = await habit(client, 'Read');
    await createdAt(read, '2026-06-01T12:00:00Z');
    const run = await habit(client, 'Run');
    await createdAt(run, '2026-06-17T08:00:00Z');
    // Run back-filled for 10 June: its first day. That day Read was due and not done.
    await complete(client, run, '2026-06-10');
    const listed = await client.get<{ id: string; countsFrom: string }[]>('/api/habits');
    expect(new Map(listed.body.map((h) => [h.id, h.countsFrom]))).toEqual(
      new Map([
        [read, '2026-06-01'],
        [run, '2026-06-10'],
      ]),
    );
    // 16 June: Read done, Run (counted from the 10th) not: no perfect day, live or from history.
    await complete(client, read, '2026-06-16');
    expect(await unlockedIds(client)).not.toContain('perfect-day');
    // Run done on the 16th too: perfect.
    await complete(client, run, '2026-06-16');
    expect(await unlockedIds(client)).toContain('perfect-day');
  });

  it("is the day of creation in the user's time zone, which a new zone moves", async () => {
    const { client } = await signUp(server);
    expect((await client.patch('/api/settings', { timeZone: 'Pacific/Kiritimati' })).status).toBe(
      200,
    );
    // 18 June in Kiritimati (UTC+14), 17 June in Los Angeles.
    await createdAt(await habit(client, 'Read'), '2026-06-17T20:00:00Z');
    const countsFrom = async () =>
      (await client.get<{ countsFrom: string }[]>('/api/habits')).body.map((h) => h.countsFrom);
    expect(await countsFrom()).toEqual(['2026-06-18']);
    expect((await client.patch('/api/settings', { timeZone: 'America/Los_Angeles' })).status).toBe(
      200,
    );
    expect(await countsFrom()).toEqual(['2026-06-17']);
  });
});

describe('achievements racing on postgres', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('postgres', { now: () => NOW });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('parallel changes that each earn the same achievement unlock it once, told once', async () => {
    for (let trial = 0; trial < 3; trial += 1) {
      const { client } = await signUp(server);
      const ids = await Promise.all(['A', 'B', 'C', 'D', 'E'].map((title) => habit(client, title)));
      const stream = await openEvents(client);
      await stream.next('heartbeat');
      // Five first completions at once, with the list read in between: one 'first-completion'.
      await Promise.all([
        ...ids.map((id) => complete(client, id, TODAY)),
        listOf(client),
        listOf(client),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const told = stream.received
        .filter((event) => event.event === 'achievements')
        .flatMap((event) => (event.data as { ids: string[] }).ids);
      expect(told.filter((id) => id === 'first-completion')).toHaveLength(1);
      expect(told.filter((id) => id === 'perfect-day')).toHaveLength(1);
      const rows = await server.database.db
        .select()
        .from(achievements)
        .where(eq(achievements.userId, await userIdOf(client)));
      expect(rows.map((row) => row.achievementId).sort()).toEqual([
        'first-completion',
        'first-habit',
        'perfect-day',
      ]);
      stream.close();
    }
  });
});
