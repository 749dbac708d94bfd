/**
 * Several instances on one PostgreSQL behind a load balancer (a round-robin proxy here): they are
 * interchangeable because every piece of shared state — sessions, rate limits, idempotency keys,
 * the per-user lock, realtime events — lives in the database.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_PER_IP } from './auth/routes';
import { RECONNECT_AFTER_SHUTDOWN_MS } from './realtime/routes';
import { spawnServerFile, type ChildServer } from '../test/child-server';
import { createTestDatabase, signUp, TEST_AUTH_SECRET, TestClient } from '../test/harness';
import { startRoundRobinProxy, type RoundRobinProxy } from '../test/round-robin-proxy';
import { openEvents } from '../test/sse';

type Json = Record<string, unknown>;
const TIMEOUT = 180_000;

describe('two instances on one PostgreSQL behind a round-robin proxy', () => {
  let database: { url: string; drop: () => Promise<void> };
  const instances: ChildServer[] = [];
  const byUrl = new Map<string, ChildServer>();
  let urls: string[] = [];
  let proxy: RoundRobinProxy;

  const start = async (): Promise<{ server: ChildServer; url: string }> => {
    const server = spawnServerFile('main.ts', {
      DATABASE_URL: database.url,
      AUTH_SECRET: TEST_AUTH_SECRET,
      LOG_LEVEL: 'info',
    });
    instances.push(server);
    const url = `http://127.0.0.1:${String(await server.ready)}`;
    byUrl.set(url, server);
    return { server, url };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    // One after the other: both would run the migrations (serialised by an advisory lock anyway).
    const a = await start();
    const b = await start();
    urls = [a.url, b.url];
    proxy = await startRoundRobinProxy(urls);
  }, TIMEOUT);

  afterAll(async () => {
    await proxy.close();
    for (const instance of instances) instance.child.kill('SIGKILL');
    await Promise.all(instances.map((instance) => instance.exited));
    await database.drop();
  });

  const on = (url: string, client: TestClient) =>
    new TestClient(url, { cookie: client.cookieHeader });

  it('serves one session on both, and an event made on B reaches a stream on A within 2 s', async () => {
    const { client } = await signUp({ url: proxy.url });
    const [urlA = '', urlB = ''] = urls;
    const meA = await on(urlA, client).get<{ user: { id: string } }>('/api/me');
    const meB = await on(urlB, client).get<{ user: { id: string } }>('/api/me');
    expect(meA.status).toBe(200);
    expect(meB.body.user.id).toBe(meA.body.user.id);

    const stream = await openEvents(new TestClient(urlA), { cookie: client.cookieHeader });
    await stream.next('heartbeat');
    const started = Date.now();
    const created = await on(urlB, client).post('/api/habits', { title: 'Made on B' });
    expect(created.status).toBe(201);
    await stream.next('habits', 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    stream.close();
  });

  it('answers a habit list on A that shows a completion made on B at once (no stale kept list)', async () => {
    const { client } = await signUp({ url: proxy.url });
    const [urlA = '', urlB = ''] = urls;
    const a = on(urlA, client);
    const b = on(urlB, client);
    const id = String((await a.post('/api/habits', { title: 'Read' })).body.id);
    const streakOn = async (instance: TestClient) =>
      (await instance.get<{ streak: number }[]>('/api/habits')).body[0]?.streak;
    // A derives the list and keeps it; B changes the data; A's next answer follows at once.
    expect(await streakOn(a)).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    for (const completed of [true, false, true]) {
      const put = await b.request('PUT', `/api/habits/${id}/completions/${today}`, { completed });
      expect(put.status).toBe(200);
      expect(await streakOn(a)).toBe(completed ? 1 : 0);
    }
  });

  it('shares sign-in rate limits between instances', async () => {
    const { email } = await signUp({ url: proxy.url });
    const [urlA = '', urlB = ''] = urls;
    const attempt = (url: string) =>
      new TestClient(url).post('/api/auth/sign-in/email', { email, password: 'wrong password' });
    const statuses: number[] = [];
    for (let index = 0; index < SIGN_IN_PER_IP.max + 1; index += 1) {
      statuses.push((await attempt(index % 2 === 0 ? urlA : urlB)).status);
    }
    // Every attempt within the limit is an ordinary refusal, the next one is limited — whichever
    // instance it reaches.
    expect(statuses.slice(0, SIGN_IN_PER_IP.max).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('answers a repeated Idempotency-Key from the first answer, whichever instance it reaches', async () => {
    const { client } = await signUp({ url: proxy.url });
    const [urlA = '', urlB = ''] = urls;

    // One after the other: made on A, replayed by B.
    const key = { 'idempotency-key': randomUUID() };
    const first = await on(urlA, client).post('/api/habits', { title: 'Sent twice' }, key);
    expect(first.status).toBe(201);
    const again = await on(urlB, client).post('/api/habits', { title: 'Sent twice' }, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);

    // At once on both: one of them creates, the other answers the same row or says it is still
    // being processed — never a second habit.
    const shared = { 'idempotency-key': randomUUID() };
    const racing = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        on(index % 2 === 0 ? urlA : urlB, client).post(
          '/api/habits',
          { title: 'Sent at once' },
          shared,
        ),
      ),
    );
    const created = racing.filter((answer) => answer.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((answer) => answer.body.id)).size).toBe(1);
    for (const answer of racing.filter((each) => each.status !== 201)) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ error: { code: 'IDEMPOTENCY_IN_PROGRESS' } });
    }
    const titles = (await client.get<{ title: string }[]>('/api/habits')).body.map(
      (habit) => habit.title,
    );
    expect(titles.sort()).toEqual(['Sent at once', 'Sent twice']);
  });

  it('awards a redeem once when the same request reaches both instances at once', async () => {
    const { client } = await signUp({ url: proxy.url });
    const [urlA = '', urlB = ''] = urls;
    const habit = await client.post('/api/habits', { title: 'Earn', xpOnComplete: 100 });
    const me = await client.get<{ settings: { timeZone: string } }>('/api/me');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: me.body.settings.timeZone }).format(
      new Date(),
    );
    await client.request('PUT', `/api/habits/${String(habit.body.id)}/completions/${today}`, {
      completed: true,
    });
    const reward = await client.post('/api/rewards', { name: 'Treat', cost: 50 });
    expect(reward.status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        on(index % 2 === 0 ? urlA : urlB, client).post(
          `/api/rewards/${String(reward.body.id)}/redeem`,
        ),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.every((answer) => answer.status < 500)).toBe(true);
    const purchases = await client.get<unknown[]>('/api/purchases');
    expect(purchases.body).toHaveLength(1);
    expect(
      (await client.get<{ progress: { points: number } }>('/api/me')).body.progress.points,
    ).toBe(0);
  });

  it(
    'loses no request and keeps every event stream (one reconnect) while an instance restarts',
    async () => {
      const { client } = await signUp({ url: proxy.url });
      const viaProxy = on(proxy.url, client);
      // Four event streams, opened one after the other so the proxy spreads them over both
      // instances; each remembers the instance it landed on.
      const followers: { follower: ReturnType<typeof followEvents>; upstream: string }[] = [];
      for (let index = 0; index < 4; index += 1) {
        const follower = followEvents(proxy.url, client.cookieHeader);
        await follower.connected(1);
        followers.push({ follower, upstream: proxy.upstreamOf('/api/events') ?? '' });
      }
      expect(new Set(followers.map(({ upstream }) => upstream))).toEqual(new Set(urls));

      // Requests keep flowing through the proxy while the instance stops and comes back: each
      // round creates a habit, reads the account and deletes the habit again.
      const traffic = { isRunning: true };
      const failures: string[] = [];
      let rounds = 0;
      const check = (answer: { status: number; body: unknown }) => {
        if (answer.status >= 300)
          failures.push(`${String(answer.status)} ${JSON.stringify(answer.body)}`);
      };
      const flowing = (async () => {
        while (traffic.isRunning) {
          const created = await viaProxy.post(
            '/api/habits',
            { title: `Habit ${String(rounds)}` },
            { 'idempotency-key': randomUUID() },
          );
          check(created);
          check(await viaProxy.get('/api/me'));
          check(
            await viaProxy.request('DELETE', `/api/habits/${String(created.body.id)}`, undefined, {
              'idempotency-key': randomUUID(),
            }),
          );
          rounds += 1;
        }
      })();

      // Restart the instance that holds the latest stream (every stream still on its first
      // connection).
      expect(followers.map(({ follower }) => follower.connections())).toEqual([1, 1, 1, 1]);
      const streamUrl = followers.at(-1)?.upstream ?? '';
      const index = urls.indexOf(streamUrl);
      expect(index).toBeGreaterThanOrEqual(0);
      const holder = byUrl.get(streamUrl);
      holder?.child.kill('SIGTERM');
      expect(await holder?.exited).toEqual({ code: 0, signal: null });
      const restarted = await start();
      urls = urls.map((url, position) => (position === index ? restarted.url : url));
      proxy.setUpstreams(urls);
      // A few more rounds on the restarted pair, then stop.
      const before = rounds;
      while (rounds < before + 3) await new Promise((resolve) => setTimeout(resolve, 50));
      traffic.isRunning = false;
      await flowing;
      expect(failures).toEqual([]);
      // Every habit was created once and deleted once, across the restart.
      expect((await viaProxy.get<Json[]>('/api/habits')).body).toEqual([]);

      // The streams of the restarted instance came back once (on whichever instance), the others
      // never dropped, and every one still receives the user's events.
      const moved = followers.filter(({ upstream }) => upstream === streamUrl);
      const stayed = followers.filter(({ upstream }) => upstream !== streamUrl);
      for (const { follower } of moved) await follower.connected(2);
      const marks = followers.map(({ follower }) => follower.mark());
      const after = await viaProxy.post('/api/habits', { title: 'After the restart' });
      expect(after.status).toBe(201);
      await Promise.all(
        followers.map(({ follower }, position) =>
          follower.waitFor(
            (frame) => frame.event === 'habits' && frame.data.includes(String(after.body.id)),
            marks[position] ?? 0,
          ),
        ),
      );
      expect(moved.map(({ follower }) => follower.connections())).toEqual([2, 2]);
      expect(stayed.map(({ follower }) => follower.connections())).toEqual([1, 1]);
      // The streams that ended with their instance said when to come back.
      for (const { follower } of moved) {
        expect(follower.retryHint()).toBe(RECONNECT_AFTER_SHUTDOWN_MS);
      }
      for (const { follower } of followers) follower.close();
    },
    TIMEOUT,
  );
});

/**
 * An EventSource-like client: reconnects when its stream ends, after the server's retry hint,
 * sending Last-Event-ID, and counts its connections.
 */
function followEvents(baseUrl: string, cookie: string) {
  let connections = 0;
  let lastId: string | null = null;
  let retryMs = 500;
  const state = { isClosed: false };
  const events: { event: string; data: string }[] = [];
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of waiters) wake();
  };
  let controller = new AbortController();
  const loop = async (): Promise<void> => {
    while (!state.isClosed) {
      controller = new AbortController();
      try {
        const response = await fetch(`${baseUrl}/api/events`, {
          headers: { cookie, ...(lastId ? { 'last-event-id': lastId } : {}) },
          signal: controller.signal,
        });
        if (response.status === 200 && response.body) {
          connections += 1;
          wakeAll();
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += value;
            let end = buffer.indexOf('\n\n');
            while (end >= 0) {
              const frame = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              end = buffer.indexOf('\n\n');
              const parsed = { event: 'message', data: '' };
              for (const line of frame.split('\n')) {
                if (line.startsWith('event:')) parsed.event = line.slice(6).trim();
                if (line.startsWith('data:')) parsed.data += line.slice(5).trim();
                if (line.startsWith('id:')) lastId = line.slice(3).trim();
                if (line.startsWith('retry:')) retryMs = Number(line.slice(6).trim()) || retryMs;
              }
              events.push(parsed);
              wakeAll();
            }
          }
        }
      } catch {
        // the connection dropped: reconnect below
      }
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  };
  void loop();
  const until = (condition: () => boolean, what: string, timeoutMs = 30_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!condition()) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(
          new Error(`${what} did not happen; events: ${events.map((e) => e.event).join(', ')}`),
        );
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return {
    connected: (count: number) => until(() => connections >= count, `connection ${String(count)}`),
    /** Where the next frame will be: pass it to waitFor to see frames from there on. */
    mark: () => events.length,
    waitFor: (match: (frame: { event: string; data: string }) => boolean, from: number) =>
      until(() => events.slice(from).some(match), 'the event'),
    connections: () => connections,
    retryHint: () => retryMs,
    close: () => {
      state.isClosed = true;
      controller.abort();
    },
  };
}
