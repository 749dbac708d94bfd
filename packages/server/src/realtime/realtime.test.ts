import { REVISION_HEADER } from '@habitquest/contracts/headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  DATABASE_KINDS,
  signUp,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../test/harness';
import { openEvents } from '../../test/sse';

describe.each(DATABASE_KINDS)('realtime events on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  it("streams the user's own changes with ids, and nothing of other users", async () => {
    const alice = await signUp(server);
    const bob = await signUp(server);
    const aliceEvents = await openEvents(alice.client);
    const bobEvents = await openEvents(bob.client);
    await aliceEvents.next('heartbeat');
    await bobEvents.next('heartbeat');

    const habit = await alice.client.post('/api/habits', { title: 'Live' });
    const created = await aliceEvents.next('habits');
    expect(created.id).toBeTruthy();
    expect(created.data).toEqual({ ids: [habit.body.id] });

    await alice.client.patch('/api/settings', { theme: 'dark' });
    expect((await aliceEvents.next('settings')).data).toMatchObject({
      settings: { theme: 'dark' },
    });

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bobEvents.received.filter((event) => event.event !== 'heartbeat')).toEqual([]);
    aliceEvents.close();
    bobEvents.close();
  });

  it('tells how new each read is, and which revision a stream starts from', async () => {
    const { client } = await signUp(server);
    const revisionOf = async (url: string): Promise<number> =>
      Number((await client.get(url)).headers.get(REVISION_HEADER));
    const before = await revisionOf('/api/me');
    expect(Number.isInteger(before)).toBe(true);
    expect(await revisionOf('/api/habits')).toBe(before);

    // A change moves it; a write's own answer carries none (it would be the one before).
    const created = await client.post('/api/habits', { title: 'Moves it' });
    expect(created.headers.get(REVISION_HEADER)).toBeNull();
    const after = await revisionOf('/api/habits');
    expect(after).toBeGreaterThan(before);

    const events = await openEvents(client);
    expect((await events.next('heartbeat')).data).toMatchObject({ revision: after });
    events.close();
    // Nothing for a visitor without a session.
    const visitor = await new TestClient(server.url).get('/api/me');
    expect(visitor.status).toBe(401);
    expect(visitor.headers.get(REVISION_HEADER)).toBeNull();
  });

  it('resumes from Last-Event-ID, or asks for a resync when the gap is unknown', async () => {
    const { client } = await signUp(server);
    const first = await openEvents(client);
    await first.next('heartbeat');
    await client.post('/api/habits', { title: 'One' });
    const seen = await first.next('habits');
    first.close();

    await client.post('/api/habits', { title: 'Two' });
    await client.patch('/api/profile', { username: `resumed_${Date.now().toString(36)}` });
    const resumed = await openEvents(client, { 'last-event-id': String(seen.id) });
    expect((await resumed.next('habits')).data).toMatchObject({ ids: [expect.any(String)] });
    await resumed.next('profile');
    resumed.close();

    const unknown = await openEvents(client, { 'last-event-id': 'long-gone' });
    expect((await unknown.next('resync')).data).toEqual({ reason: 'reconnect' });
    unknown.close();
  });

  it('stamps an event with the tab that caused it, so that tab can skip its echo', async () => {
    const { client } = await signUp(server);
    const events = await openEvents(client);
    await events.next('heartbeat');
    await client.post('/api/habits', { title: 'From a tab' }, { 'x-client-id': 'tab-1' });
    expect((await events.next('habits')).data).toMatchObject({ origin: 'tab-1' });
    // Without the header, or with one that is not an id, nothing is stamped.
    await client.post('/api/habits', { title: 'From a script' });
    expect((await events.next('habits')).data).not.toHaveProperty('origin');
    await client.post('/api/habits', { title: 'Odd' }, { 'x-client-id': '<script>' });
    expect((await events.next('habits')).data).not.toHaveProperty('origin');
    events.close();
  });

  it('a new time zone or week start also tells every device to re-read what dates key', async () => {
    const { client } = await signUp(server);
    const events = await openEvents(client);
    await events.next('heartbeat');
    await client.patch('/api/settings', { timeZone: 'Asia/Tokyo' });
    await events.next('settings');
    expect((await events.next('completions')).data).toEqual({ habitIds: [] });
    await client.patch('/api/settings', { weekStart: 1 });
    await events.next('settings');
    await events.next('completions');
    // A theme changes no date: no completions event follows it.
    await client.patch('/api/settings', { theme: 'dark' });
    await events.next('settings');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events.received.filter((e) => e.event === 'completions')).toHaveLength(2);
    events.close();
  });

  it('needs a session', async () => {
    const response = await fetch(`${server.url}/api/events`);
    expect(response.status).toBe(401);
  });
});

describe('realtime across instances on postgres', () => {
  it('a change on instance A reaches a client of the same user on instance B within 1 s', async () => {
    const database = await createTestDatabase();
    const env = { DATABASE_URL: database.url };
    const a = await startTestServer('pglite', { env, keepDatabase: true });
    const b = await startTestServer('pglite', { env, keepDatabase: true });
    try {
      const { client, email, password } = await signUp(a);
      const onB = new TestClient(b.url);
      expect((await onB.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
      const other = await signUp(b);
      const stream = await openEvents(onB);
      const otherStream = await openEvents(other.client);
      await stream.next('heartbeat');
      await otherStream.next('heartbeat');

      const started = Date.now();
      await client.post('/api/habits', { title: 'From A' });
      await stream.next('habits', 1000);
      expect(Date.now() - started).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(otherStream.received.filter((event) => event.event !== 'heartbeat')).toEqual([]);
      stream.close();
      otherStream.close();
    } finally {
      await a.stop();
      await b.stop();
      await database.drop();
    }
  });
});
