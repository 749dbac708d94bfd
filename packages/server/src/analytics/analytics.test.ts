/**
 * The analytics endpoints against a hand-checked dataset, seeded through the API (habits,
 * completions on past dates) with creation times and redeemed rewards written directly. The
 * user lives in Asia/Manila (UTC+8) and the server's clock says Tuesday 2026-03-10, noon there.
 */
import type { Category } from '@habitquest/contracts/categories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlements, habits, purchasedRewards } from '../db/schema';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../test/harness';
import {
  expectedDailyMarch5,
  expectedDailyToday,
  EXPECTED_OVERVIEW_2026,
  EXPECTED_WEEKLY,
  expectedMonthlyMarch,
} from '../../test/analytics-expected';

const NOW = new Date('2026-03-10T04:00:00Z');
const PATHS = ['overview?year=2026', 'monthly?year=2026&month=3', 'weekly', 'daily'];

type ErrorBody = { error: { code: string; message: string } };
type Seeded = { client: TestClient; ids: { read: string; gym: string; budget: string } };

async function makePro(server: TestServer, client: TestClient): Promise<void> {
  const me = await client.get<{ user: { id: string } }>('/api/me');
  await server.database.db
    .insert(entitlements)
    .values({ userId: me.body.user.id, premiumHabit: true });
}

async function createHabit(
  server: TestServer,
  client: TestClient,
  body: Record<string, unknown>,
  createdAt: string,
): Promise<string> {
  const created = await client.post<{ id: string }>('/api/habits', body);
  expect(created.status).toBe(201);
  // Creation time is the database's clock; the dataset needs it in the past, at a known instant.
  await server.database.db
    .update(habits)
    .set({ createdAt: new Date(createdAt) })
    .where(eq(habits.id, created.body.id));
  return created.body.id;
}

async function complete(client: TestClient, habitId: string, dates: string[]): Promise<void> {
  for (const date of dates) {
    const response = await client.request('PUT', `/api/habits/${habitId}/completions/${date}`, {
      completed: true,
    });
    expect(response.status, date).toBe(200);
  }
}

/** The dataset of test/analytics-expected.ts, through the API where the API offers a way. */
async function seed(server: TestServer): Promise<Seeded> {
  const { client } = await signUp(server);
  await makePro(server, client);
  expect((await client.patch('/api/settings', { timeZone: 'Asia/Manila' })).status).toBe(200);
  const categories = (await client.get<Category[]>('/api/categories')).body;
  const categoryId = (name: string) => categories.find((category) => category.name === name)?.id;
  // 20:00 UTC on Feb 28 is already March 1 in Manila.
  const read = await createHabit(
    server,
    client,
    { title: 'Read', xpOnComplete: 10, categoryId: categoryId('CREATIVE') },
    '2026-02-28T20:00:00Z',
  );
  const gym = await createHabit(
    server,
    client,
    {
      title: 'Gym',
      frequency: 'weekly',
      xpOnComplete: 30,
      categoryId: categoryId('HEALTH & FITNESS'),
    },
    '2026-02-01T00:00:00Z',
  );
  const budget = await createHabit(
    server,
    client,
    {
      title: 'Budget',
      frequency: 'monthly',
      xpOnComplete: 50,
      categoryId: categoryId('UNCATEGORIZED HABITS'),
    },
    '2026-01-15T00:00:00Z',
  );
  await complete(client, read, [
    '2026-03-01',
    '2026-03-02',
    '2026-03-03',
    '2026-03-05',
    '2026-03-09',
    '2026-03-10',
  ]);
  await complete(client, gym, ['2026-02-03', '2026-02-18', '2026-03-04', '2026-03-09']);
  await complete(client, budget, ['2025-12-10', '2026-01-20', '2026-03-05']);
  const me = await client.get<{ user: { id: string } }>('/api/me');
  const redeemed = [
    [100, '2026-02-28T17:00:00Z'], // March 1 in Manila
    [40, '2026-02-10T03:00:00Z'],
    [60, '2026-01-31T15:30:00Z'], // still January 31 in Manila
    [25, '2026-03-09T10:00:00Z'],
  ] as const;
  await server.database.db.insert(purchasedRewards).values(
    redeemed.map(([rewardCost, at]) => ({
      userId: me.body.user.id,
      rewardName: `Treat ${String(rewardCost)}`,
      rewardCost,
      purchasedAt: new Date(at),
    })),
  );
  return { client, ids: { read, gym, budget } };
}

describe.each(DATABASE_KINDS)('analytics on %s', (kind) => {
  let server: TestServer;
  let seeded: Seeded;

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => NOW });
    seeded = await seed(server);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers 403 PRO_REQUIRED to a free user, whatever the query, until they are Pro', async () => {
    const { client } = await signUp(server);
    for (const path of [...PATHS, 'overview', 'monthly?month=13', 'daily?date=nope']) {
      const response = await client.get<ErrorBody>(`/api/analytics/${path}`);
      expect(response.status, path).toBe(403);
      expect(response.body.error).toEqual({
        code: 'PRO_REQUIRED',
        message: 'This feature is part of Pro. Upgrade to Pro to unlock it.',
      });
    }
    await makePro(server, client);
    expect((await client.get('/api/analytics/overview?year=2026')).status).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const anonymous = new TestClient(server.url);
    for (const path of PATHS) {
      expect((await anonymous.get(`/api/analytics/${path}`)).status).toBe(401);
    }
  });

  it('overview: the year figures equal the ones computed by hand', async () => {
    const response = await seeded.client.get('/api/analytics/overview?year=2026');
    expect(response.status).toBe(200);
    expect(response.body).toEqual(EXPECTED_OVERVIEW_2026);
    const lastYear = await seeded.client.get('/api/analytics/overview?year=2025');
    expect(lastYear.body).toMatchObject({
      totalXpAllTime: 330,
      xpThisYear: 50,
      completionsThisYear: 1,
      bestMonth: { month: 12, xp: 50 },
      // Budget counts from its back-filled completion on Dec 10, 2025: December is one done of one.
      averageCompletionRate: 100,
      // A past year's shop summary is its own November and December, not this year's months.
      rewardShop: {
        previousMonth: { itemsRedeemed: 0, pointsSpent: 0 },
        thisMonth: { itemsRedeemed: 0, pointsSpent: 0 },
      },
      firstYear: 2025,
    });
  });

  it('monthly: March 2026, day by day and category by category', async () => {
    const response = await seeded.client.get('/api/analytics/monthly?year=2026&month=3');
    expect(response.status).toBe(200);
    expect(response.body).toEqual(expectedMonthlyMarch(await categoryIds(seeded.client)));
  });

  it('weekly: the week of the reference date against the week before; today by default', async () => {
    const response = await seeded.client.get('/api/analytics/weekly?referenceDate=2026-03-12');
    expect(response.status).toBe(200);
    expect(response.body).toEqual(EXPECTED_WEEKLY);
    expect((await seeded.client.get('/api/analytics/weekly')).body).toEqual(EXPECTED_WEEKLY);
  });

  it('daily: a past day with the streaks as they were, and today by default', async () => {
    const { ids } = seeded;
    const march5 = await seeded.client.get('/api/analytics/daily?date=2026-03-05');
    expect(march5.status).toBe(200);
    expect(march5.body).toEqual(expectedDailyMarch5(ids));
    expect((await seeded.client.get('/api/analytics/daily')).body).toEqual(expectedDailyToday(ids));
  });

  it("counts only the user's own data", async () => {
    const { client } = await signUp(server);
    await makePro(server, client);
    const overview = await client.get('/api/analytics/overview?year=2026');
    expect(overview.body).toMatchObject({
      totalXpAllTime: 0,
      xpThisYear: 0,
      bestMonth: null,
      rewardShop: {
        previousMonth: { itemsRedeemed: 0, pointsSpent: 0 },
        thisMonth: { itemsRedeemed: 0, pointsSpent: 0 },
      },
    });
    expect((await client.get('/api/analytics/daily')).body).toMatchObject({
      totalHabits: 0,
      streaks: [],
    });
  });

  it('refuses malformed or out-of-range parameters with 400', async () => {
    for (const path of [
      'overview',
      'overview?year=1999',
      'overview?year=10000',
      'overview?year=abc',
      'overview?year=2026.5',
      'overview?year=2026&colour=red',
      'monthly?year=2026',
      'monthly?year=2026&month=0',
      'monthly?year=2026&month=13',
      'monthly?month=3',
      'weekly?referenceDate=2026-02-30',
      'weekly?referenceDate=today',
      'daily?date=2026-3-5',
      'daily?date=',
      'daily?day=2026-03-05',
    ]) {
      const response = await seeded.client.get<ErrorBody>(`/api/analytics/${path}`);
      expect(response.status, path).toBe(400);
      expect(response.body.error.code, path).toBe('VALIDATION');
      // Words a person can act on, never zod's "expected number, received NaN".
      expect(response.body.error.message, path).not.toMatch(/NaN|expected/);
    }
  });
});

async function categoryIds(client: TestClient): Promise<Record<string, string>> {
  const categories = (await client.get<Category[]>('/api/categories')).body;
  return Object.fromEntries(categories.map((category) => [category.name, category.id]));
}
