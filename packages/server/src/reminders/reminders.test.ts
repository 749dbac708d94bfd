/**
 * The reminder record (docs/product.md "Reminders"): each channel claims before it shows, and a
 * reminder about a habit goes out once per local day, kind and slot, only while it is still due.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/harness';

// 18:30 in Manila (UTC+8): the streak warning's 18 o'clock slot, on Wednesday 17 June.
let now = new Date('2026-06-17T10:30:00Z');
const TODAY = '2026-06-17';

type Claimed = { habitIds: string[] };

async function habit(client: TestClient, body: Record<string, unknown>): Promise<string> {
  const response = await client.post<{ id: string }>('/api/habits', body);
  expect(response.status).toBe(201);
  return response.body.id;
}

function claim(client: TestClient, kind: string, habitIds: string[], channel = 'tab') {
  return client.post<Claimed>('/api/reminders/claim', { kind, habitIds, channel });
}

describe.each(DATABASE_KINDS)('reminders on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => now });
  });
  afterAll(async () => {
    await server.stop();
  });

  async function user() {
    const { client } = await signUp(server);
    await client.patch('/api/settings', { timeZone: 'Asia/Manila' });
    return client;
  }

  it('answers the habits still due and not done, once, whichever channel asks', async () => {
    const client = await user();
    const read = await habit(client, { title: 'Read' });
    const walk = await habit(client, { title: 'Walk' });
    const done = await habit(client, { title: 'Stretch' });
    const later = await habit(client, {
      title: 'Checkup',
      frequency: 'monthly',
      isRecurring: false,
      specificDate: '2026-09-01',
    });
    expect(
      (await client.request('PUT', `/api/habits/${done}/completions/${TODAY}`, { completed: true }))
        .status,
    ).toBe(200);

    const first = await claim(client, 'evening', [walk, read, done, later]);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ habitIds: [walk, read] });
    // The same reminder from a push or the desktop: already shown.
    expect((await claim(client, 'evening', [read, walk], 'push')).body).toEqual({ habitIds: [] });
    // Another kind is its own reminder.
    expect((await claim(client, 'startup', [read], 'desktop')).body).toEqual({ habitIds: [read] });
    const sent = await client.get<{ kind: string; at: string }[]>('/api/reminders/sent');
    expect(sent.body).toEqual([
      { kind: 'evening', at: now.toISOString() },
      { kind: 'startup', at: now.toISOString() },
    ]);
  });

  it('claims nothing about a resting habit: paused, skipped today, or on vacation', async () => {
    const client = await user();
    const paused = await habit(client, { title: 'Paused' });
    const skipped = await habit(client, { title: 'Skipped', frequency: 'weekly' });
    const open = await habit(client, { title: 'Open' });
    await client.request('PUT', `/api/habits/${paused}/pause`, { resumesOn: null });
    // A skip on Monday rests the whole week (from Sunday 14 June) of a weekly habit.
    await client.request('PUT', `/api/habits/${skipped}/skips/2026-06-15`, { skipped: true });
    expect((await claim(client, 'evening', [paused, skipped, open])).body).toEqual({
      habitIds: [open],
    });
    await client.request('PUT', '/api/vacation', { startsOn: TODAY, endsOn: TODAY });
    expect((await claim(client, 'startup', [open])).body).toEqual({ habitIds: [] });
  });

  it('warns about a streak once per slot, and starts afresh the next local day', async () => {
    const client = await user();
    const read = await habit(client, { title: 'Read' });
    expect((await claim(client, 'streak-protection', [read])).body.habitIds).toEqual([read]);
    expect((await claim(client, 'streak-protection', [read])).body.habitIds).toEqual([]);
    now = new Date('2026-06-17T12:10:00Z'); // 20:10 in Manila: the next slot
    try {
      expect((await claim(client, 'streak-protection', [read])).body.habitIds).toEqual([read]);
      now = new Date('2026-06-17T16:30:00Z'); // 00:30 on the 18th in Manila
      expect((await claim(client, 'evening', [read])).body.habitIds).toEqual([read]);
      expect((await client.get<unknown[]>('/api/reminders/sent')).body).toEqual([
        { kind: 'evening', at: now.toISOString() },
      ]);
    } finally {
      now = new Date('2026-06-17T10:30:00Z');
    }
  });

  it("never claims another user's habit, and refuses bad claims changing nothing", async () => {
    const client = await user();
    const other = await user();
    const theirs = await habit(other, { title: 'Theirs' });
    expect((await claim(client, 'evening', [theirs])).body).toEqual({ habitIds: [] });
    expect((await claim(other, 'evening', [theirs])).body).toEqual({ habitIds: [theirs] });
    for (const body of [
      { kind: 'nagging', habitIds: [theirs], channel: 'tab' },
      { kind: 'evening', habitIds: [], channel: 'tab' },
      { kind: 'evening', habitIds: ['not-a-uuid'], channel: 'tab' },
      { kind: 'evening', habitIds: [theirs], channel: 'pigeon' },
      { kind: 'evening', habitIds: [theirs] },
    ]) {
      const response = await client.post('/api/reminders/claim', body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: { code: 'VALIDATION' } });
    }
    expect((await client.get<unknown[]>('/api/reminders/sent')).body).toEqual([]);
    const anonymous = await fetch(`${server.url}/api/reminders/sent`);
    expect(anonymous.status).toBe(401);
  });
});

describe('reminders racing on postgres', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('postgres', { now: () => now });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('one reminder claimed by several channels at once goes out once', async () => {
    const { client } = await signUp(server);
    const ids = await Promise.all(['A', 'B', 'C'].map((title) => habit(client, { title })));
    const answers = await Promise.all(
      ['tab', 'push', 'desktop', 'tab', 'push', 'desktop'].map((channel) =>
        claim(client, 'intelligent', ids, channel),
      ),
    );
    const claimed = answers.flatMap((answer) => answer.body.habitIds);
    expect(claimed.sort()).toEqual([...ids].sort());
    expect(answers.filter((answer) => answer.body.habitIds.length > 0)).toHaveLength(1);
  });
});
