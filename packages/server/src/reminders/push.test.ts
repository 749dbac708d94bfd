/**
 * Reminder pushes (docs/product.md "Reminders"): delivered to a loopback push service that
 * decrypts each payload as a browser would (RFC 8291), on a fixed clock in Manila; once, across
 * channels; expiring at the user's local midnight; a subscription the service forgot is dropped.
 * Subscriptions name https endpoints on a public host (push.example.test); the test's network
 * resolves that host to a public address and carries its requests to the loopback service.
 * And no endpoint can turn the sender against the server's own network or the other users
 * (docs/security.md "Push subscriptions").
 */
import { createDecipheriv, createECDH, createHmac, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, like } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/harness';
import { createLogger } from '../logger';
import { openDatabase } from '../db/client';
import { pushSubscriptions } from '../db/schema';
import { MAX_PUSH_SUBSCRIPTIONS } from './push-routes';
import { sendDuePushes, startPushSender } from './push-sender';
import { webPushSender, type PushFetch, type ResolveHost } from './web-push-sender';

// 21:30 in Manila (UTC+8) on Wednesday 17 June: the evening reminder's window, 2.5 h to midnight.
const EVENING = new Date('2026-06-17T13:30:00Z');
const TODAY = '2026-06-17';
const VAPID = { ...webpush.generateVAPIDKeys(), subject: 'mailto:test@habitquest.local' };
const logger = createLogger('silent');

/** The push service's public host, as browsers' subscriptions name it. */
const PUSH_HOST = 'push.example.test';
/** A host whose DNS answers one public and one private address (rebinding). */
const REBOUND_HOST = 'rebound.example.test';
const endpointOf = (path: string, host = PUSH_HOST) => `https://${host}${path}`;

/** A logger whose lines the test reads. */
function capturingLogger() {
  const lines: string[] = [];
  return {
    lines,
    logger: createLogger('info', { write: (line: string) => void lines.push(line) }),
  };
}

type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };

/**
 * A push service on loopback: records each push; paths under /gone answer 410, under /redirect
 * a 302 to /redirected (where a push would be recorded too), and under /hang never.
 */
async function startPushService(): Promise<{
  url: string;
  received: Received[];
  close: () => Promise<void>;
}> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      if (path.startsWith('/hang')) return;
      if (path.startsWith('/redirect/')) {
        response.writeHead(302, { location: path.replace('/redirect/', '/redirected/') }).end();
        return;
      }
      response.writeHead(path.startsWith('/gone') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

/**
 * The network between the server and the push services, the boundary the tests stand in for:
 * DNS answers for the test's hosts, and https requests to them arrive, over plain http, at the
 * loopback push service, with everything else fetch does (redirects, timeouts) left to fetch.
 */
function network(push: { url: string }): { resolve: ResolveHost; fetch: PushFetch } {
  const dns = new Map([
    [PUSH_HOST, ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c']],
    [REBOUND_HOST, ['93.184.215.14', '10.0.0.5']],
  ]);
  return {
    resolve: (hostname) => {
      const addresses = dns.get(hostname);
      return addresses
        ? Promise.resolve(addresses)
        : Promise.reject(new Error(`getaddrinfo ENOTFOUND ${hostname}`));
    },
    fetch: (url, init) => {
      const target = new URL(url);
      if (target.protocol !== 'https:' || !dns.has(target.hostname)) {
        return Promise.reject(new Error(`the test's network has no route to ${target.host}`));
      }
      return fetch(`${push.url}${target.pathname}${target.search}`, init);
    },
  };
}

/** The production sender (web-push, fetch, the endpoint policy) on the test's network. */
function sender(push: { url: string }, options: { timeoutMs?: number } = {}) {
  return webPushSender(VAPID, { ...network(push), ...options });
}

/** A browser's side of a subscription: its key pair and auth secret. */
function browserKeys(): { ecdh: ECDH; auth: Buffer; keys: { p256dh: string; auth: string } } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/** Decrypts an aes128gcm Web Push body with the browser's keys (RFC 8291, RFC 8188). */
function decrypt(body: Buffer, ecdh: ECDH, authSecret: Buffer): unknown {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const serverKey = body.subarray(21, 21 + idLength);
  const sealed = body.subarray(21 + idLength);
  const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();
  const info = (text: string, ...parts: Buffer[]) =>
    Buffer.concat([Buffer.from(text, 'latin1'), ...parts, Buffer.from([1])]);
  const ikm = hmac(
    hmac(authSecret, ecdh.computeSecret(serverKey)),
    info('WebPush: info\0', ecdh.getPublicKey(), serverKey),
  );
  const prk = hmac(salt, ikm);
  const key = hmac(prk, info('Content-Encoding: aes128gcm\0')).subarray(0, 16);
  const nonce = hmac(prk, info('Content-Encoding: nonce\0')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(sealed.subarray(-16));
  const plain = Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()]);
  let end = plain.length - 1;
  while (end > 0 && plain[end] === 0) end -= 1; // padding, then the last record's delimiter (2)
  return JSON.parse(plain.subarray(0, end).toString('utf8'));
}

describe.each(DATABASE_KINDS)('reminder pushes on %s', (kind) => {
  let server: TestServer;
  let push: Awaited<ReturnType<typeof startPushService>>;

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => EVENING });
    push = await startPushService();
  });
  afterAll(async () => {
    await push.close();
    await server.stop();
  });

  async function subscribedUser(path: string) {
    const { client } = await signUp(server);
    await client.patch('/api/settings', { timeZone: 'Asia/Manila' });
    const browser = browserKeys();
    const endpoint = endpointOf(path);
    const answer = await client.request('PUT', '/api/push/subscription', {
      endpoint,
      keys: browser.keys,
    });
    expect(answer.status).toBe(200);
    return { client, browser, endpoint };
  }

  async function habit(client: TestClient, title: string): Promise<string> {
    return (await client.post<{ id: string }>('/api/habits', { title })).body.id;
  }

  const round = () =>
    sendDuePushes({ db: server.database.db, now: EVENING, send: sender(push), logger });

  const rowsUnder = (prefix: string) =>
    server.database.db
      .select()
      .from(pushSubscriptions)
      .where(like(pushSubscriptions.endpoint, `${prefix}%`));

  it('pushes the evening reminder once, readable only with the browser keys, until midnight', async () => {
    const { client, browser } = await subscribedUser(`/push/${kind}/evening`);
    const read = await habit(client, 'Read');
    const before = push.received.length;
    expect(await round()).toBeGreaterThanOrEqual(1);
    const mine = push.received.slice(before).filter((r) => r.path === `/push/${kind}/evening`);
    expect(mine).toHaveLength(1);
    const [delivered] = mine;
    expect(delivered?.headers.ttl).toBe(String(2.5 * 3600));
    expect(delivered?.headers['content-encoding']).toBe('aes128gcm');
    expect(delivered?.headers.authorization).toMatch(/^vapid t=.+, k=/);
    expect(decrypt(delivered?.body ?? Buffer.alloc(0), browser.ecdh, browser.auth)).toEqual({
      title: 'Evening check-in',
      body: 'You still have 1 daily habit open today. There is still time!',
      tag: `evening-${TODAY}`,
      data: { habitId: read, date: TODAY },
    });
    // Already sent: neither the next round nor an open tab repeats it.
    const again = push.received.length;
    await round();
    expect(push.received.slice(again).filter((r) => r.path === `/push/${kind}/evening`)).toEqual(
      [],
    );
    const tab = await client.post<{ habitIds: string[] }>('/api/reminders/claim', {
      kind: 'evening',
      habitIds: [read],
      channel: 'tab',
    });
    expect(tab.body).toEqual({ habitIds: [] });
  });

  it('sends nothing about a habit already done, and forgets a subscription the service dropped', async () => {
    const done = await subscribedUser(`/push/${kind}/done`);
    const read = await habit(done.client, 'Read');
    await done.client.request('PUT', `/api/habits/${read}/completions/${TODAY}`, {
      completed: true,
    });
    const gone = await subscribedUser(`/gone/${kind}`);
    await habit(gone.client, 'Walk');
    const before = push.received.length;
    await round();
    const paths = push.received.slice(before).map((r) => r.path);
    expect(paths).not.toContain(`/push/${kind}/done`);
    expect(paths).toContain(`/gone/${kind}`);
    const left = await server.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, gone.endpoint));
    expect(left).toEqual([]);
  });

  it('gives browsers its public key, and keeps subscriptions per account', async () => {
    const { client } = await signUp(server);
    const key = await client.get<{ publicKey: string | null }>('/api/push/key');
    expect(key.status).toBe(200);
    // The embedded database's server made a key pair; several instances on PostgreSQL need one
    // from the environment, and without it send no pushes.
    if (kind === 'pglite') expect(key.body.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    else expect(key.body.publicKey).toBeNull();
    const bad = await client.request('PUT', '/api/push/subscription', {
      endpoint: 'not a url',
      keys: { p256dh: 'x', auth: 'y' },
    });
    expect(bad.status).toBe(400);
    const { endpoint } = await subscribedUser(`/push/${kind}/moved`);
    // The same browser, now signed in to another account: the subscription follows it.
    const other = await signUp(server);
    await other.client.request('PUT', '/api/push/subscription', {
      endpoint,
      keys: browserKeys().keys,
    });
    const rows = await server.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows).toHaveLength(1);
    const removed = await other.client.request('DELETE', '/api/push/subscription', { endpoint });
    expect(removed.status).toBe(200);
    expect(
      await server.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, endpoint)),
    ).toEqual([]);
  });

  it('refuses endpoints that are not https on a public host, and stores nothing', async () => {
    const { client } = await signUp(server);
    const refused = {
      'http://push.example.test/plain':
        "The push endpoint must be an https URL of a browser's push service",
      'https://127.0.0.1/x': 'private',
      'https://10.255.255.1/x': 'private',
      'https://192.168.1.1/x': 'private',
      'https://169.254.169.254/latest/meta-data': 'private',
      'https://[::1]/x': 'private',
      'https://[fc00::1]/x': 'private',
      'https://[fd12:3456::1]/x': 'private',
      'https://[fe80::1]/x': 'private',
      'https://[::ffff:10.0.0.1]/x': 'private',
      'https://localhost/x': 'private',
      'https://push.localhost/x': 'private',
      'https://2130706433/x': 'private', // 127.0.0.1, as a URL may also write it
    };
    for (const [endpoint, reason] of Object.entries(refused)) {
      const answer = await client.request<{ error: { code: string; message: string } }>(
        'PUT',
        '/api/push/subscription',
        { endpoint, keys: browserKeys().keys },
      );
      expect(answer.status, endpoint).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION');
      expect(answer.body.error.message).toBe(
        reason === 'private'
          ? "The push endpoint must be on a push service's public host, not localhost or a private address"
          : reason,
      );
      const stored = await server.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, endpoint));
      expect(stored, endpoint).toEqual([]);
    }
    const accepted = 'https://fcm.googleapis.com/fcm/send/cXk2:APA91b-test';
    const answer = await client.request('PUT', '/api/push/subscription', {
      endpoint: accepted,
      keys: browserKeys().keys,
    });
    expect(answer.status).toBe(200);
    expect(await rowsUnder(accepted)).toHaveLength(1);
  });

  it(`keeps an account's ${String(MAX_PUSH_SUBSCRIPTIONS)} most recently subscribed browsers`, async () => {
    const { client } = await signUp(server);
    const prefix = endpointOf(`/cap/${kind}/`);
    const subscribe = async (n: number) => {
      const answer = await client.request('PUT', '/api/push/subscription', {
        endpoint: `${prefix}${String(n)}`,
        keys: browserKeys().keys,
      });
      expect(answer.status).toBe(200);
    };
    const kept = async () =>
      (await rowsUnder(prefix))
        .map((row) => Number(row.endpoint.slice(prefix.length)))
        .sort((a, b) => a - b);
    for (let n = 1; n <= 12; n += 1) await subscribe(n);
    expect(await kept()).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // Subscribing a browser again makes it the most recent: the next one drops 4, not 3.
    await subscribe(3);
    await subscribe(13);
    expect(await kept()).toEqual([3, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    // Many browsers at once still leave ten.
    await Promise.all([14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25].map(subscribe));
    expect(await kept()).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
  });

  it('does not follow a redirect from a push service', async () => {
    const { client } = await subscribedUser(`/redirect/${kind}`);
    await habit(client, 'Read');
    const capture = capturingLogger();
    const before = push.received.length;
    await sendDuePushes({
      db: server.database.db,
      now: EVENING,
      send: sender(push),
      logger: capture.logger,
    });
    const paths = push.received.slice(before).map((r) => r.path);
    expect(paths).toContain(`/redirect/${kind}`);
    expect(paths).not.toContain(`/redirected/${kind}`);
    expect(capture.lines.join('\n')).toContain('a reminder push was not accepted');
    expect(await rowsUnder(endpointOf(`/redirect/${kind}`))).toHaveLength(1);
  });

  it("serves other users while one user's push service never answers", async () => {
    const stuck = await signUp(server);
    await stuck.client.patch('/api/settings', { timeZone: 'Asia/Manila' });
    await habit(stuck.client, 'Read');
    for (let n = 0; n < MAX_PUSH_SUBSCRIPTIONS; n += 1) {
      await stuck.client.request('PUT', '/api/push/subscription', {
        endpoint: endpointOf(`/hang/${kind}/${String(n)}`),
        keys: browserKeys().keys,
      });
    }
    const other = await subscribedUser(`/push/${kind}/beside-hang`);
    await habit(other.client, 'Walk');
    const before = push.received.length;
    const started = Date.now();
    // One user at a time, and pushes that would wait a minute: only the user's budget ends it.
    await sendDuePushes({
      db: server.database.db,
      now: EVENING,
      send: sender(push, { timeoutMs: 60_000 }),
      logger,
      concurrency: 1,
      userBudgetMs: 500,
    });
    expect(Date.now() - started).toBeLessThan(4_000);
    const paths = push.received.slice(before).map((r) => r.path);
    expect(paths).toContain(`/push/${kind}/beside-hang`);
    // The stuck user's browsers were pushed to at once, not one after another.
    expect(paths.filter((p) => p.startsWith(`/hang/${kind}/`))).toHaveLength(
      MAX_PUSH_SUBSCRIPTIONS,
    );
  });

  it('skips an endpoint whose host resolves to a private address when it sends', async () => {
    const { client } = await signUp(server);
    await client.patch('/api/settings', { timeZone: 'Asia/Manila' });
    await habit(client, 'Read');
    const endpoint = endpointOf(`/rebound/${kind}`, REBOUND_HOST);
    // Its name is public when subscribed; what it resolves to is known only when sending.
    const answer = await client.request('PUT', '/api/push/subscription', {
      endpoint,
      keys: browserKeys().keys,
    });
    expect(answer.status).toBe(200);
    const capture = capturingLogger();
    const before = push.received.length;
    await sendDuePushes({
      db: server.database.db,
      now: EVENING,
      send: sender(push),
      logger: capture.logger,
    });
    expect(push.received.slice(before).map((r) => r.path)).not.toContain(`/rebound/${kind}`);
    const log = capture.lines.join('\n');
    expect(log).toContain('its endpoint is not on a public address');
    expect(log).toContain(REBOUND_HOST);
    expect(log).not.toContain(endpoint);
    expect(await rowsUnder(endpoint)).toHaveLength(1);
  });

  /** Sends this browser's pause or snooze with its subscription, as its tabs do. */
  const tellQuiet = (
    user: { client: TestClient; browser: { keys: unknown }; endpoint: string },
    quietUntil: unknown,
  ) =>
    user.client.request<{ error?: { code: string } }>('PUT', '/api/push/subscription', {
      endpoint: user.endpoint,
      keys: user.browser.keys,
      quietUntil,
    });

  /** The paths pushed to in one round at `now`. */
  const pushedAt = async (now: Date) => {
    const before = push.received.length;
    await sendDuePushes({ db: server.database.db, now, send: sender(push), logger });
    return push.received.slice(before).map((r) => r.path);
  };
  const later = (minutes: number) => new Date(EVENING.getTime() + minutes * 60_000);

  it('pushes nothing to a paused browser, and the reminder once it is resumed', async () => {
    const user = await subscribedUser(`/push/${kind}/paused`);
    const path = `/push/${kind}/paused`;
    await habit(user.client, 'Read');
    expect((await tellQuiet(user, 'indefinitely')).status).toBe(200);
    // Sent again (the next round, another tab): the same state.
    expect((await tellQuiet(user, 'indefinitely')).status).toBe(200);
    expect(await pushedAt(EVENING)).not.toContain(path);
    // A pause has no end: still nothing an hour later.
    expect(await pushedAt(later(60))).not.toContain(path);
    // A state that is none of the three is refused and changes nothing.
    for (const bad of ['tomorrow', '2026-06-17T14:00:00', 42, true, { until: null }]) {
      const answer = await tellQuiet(user, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body.error?.code).toBe('VALIDATION');
    }
    const [row] = await rowsUnder(user.endpoint);
    expect(row?.quietUntil).toBe('infinity');
    expect(await pushedAt(later(61))).not.toContain(path);
    // Resumed: the evening reminder nobody was sent comes now.
    expect((await tellQuiet(user, null)).status).toBe(200);
    const mine = push.received.length;
    expect((await pushedAt(later(62))).filter((p) => p === path)).toHaveLength(1);
    const [delivered] = push.received.slice(mine).filter((r) => r.path === path);
    expect(
      decrypt(delivered?.body ?? Buffer.alloc(0), user.browser.ecdh, user.browser.auth),
    ).toMatchObject({ title: 'Evening check-in', tag: `evening-${TODAY}` });
  });

  it('pushes nothing to a snoozed browser until the snooze ends, then the reminder', async () => {
    const user = await subscribedUser(`/push/${kind}/snoozed`);
    const path = `/push/${kind}/snoozed`;
    await habit(user.client, 'Read');
    // Snoozed for an hour, written with the browser's offset.
    expect((await tellQuiet(user, '2026-06-17T22:30:00+08:00')).status).toBe(200);
    expect(await pushedAt(EVENING)).not.toContain(path);
    expect(await pushedAt(later(59))).not.toContain(path);
    expect((await pushedAt(later(60))).filter((p) => p === path)).toHaveLength(1);
    expect(await pushedAt(later(61))).not.toContain(path);
  });

  it("is quiet per browser: a user's other browser still gets the reminder", async () => {
    const user = await subscribedUser(`/push/${kind}/quiet-one`);
    await habit(user.client, 'Read');
    const other = browserKeys();
    const otherEndpoint = endpointOf(`/push/${kind}/awake-one`);
    await user.client.request('PUT', '/api/push/subscription', {
      endpoint: otherEndpoint,
      keys: other.keys,
      quietUntil: null,
    });
    expect((await tellQuiet(user, 'indefinitely')).status).toBe(200);
    // Left out, the state is kept: refreshing the subscription does not resume it.
    await user.client.request('PUT', '/api/push/subscription', {
      endpoint: user.endpoint,
      keys: user.browser.keys,
    });
    const paths = await pushedAt(EVENING);
    expect(paths).toContain(`/push/${kind}/awake-one`);
    expect(paths).not.toContain(`/push/${kind}/quiet-one`);
  });

  it('forgets a subscription stored before endpoints were checked, without sending to it', async () => {
    const { client } = await subscribedUser(`/legacy/${kind}`);
    await habit(client, 'Read');
    const legacy = `${push.url}/legacy/${kind}`;
    await server.database.db
      .update(pushSubscriptions)
      .set({ endpoint: legacy })
      .where(eq(pushSubscriptions.endpoint, endpointOf(`/legacy/${kind}`)));
    const before = push.received.length;
    // Straight to loopback, with no stand-in network: the policy alone keeps it from sending.
    await sendDuePushes({
      db: server.database.db,
      now: EVENING,
      send: webPushSender(VAPID),
      logger,
    });
    expect(push.received.slice(before).map((r) => r.path)).not.toContain(`/legacy/${kind}`);
    expect(await rowsUnder(legacy)).toEqual([]);
  });
});

describe.each(DATABASE_KINDS)('reminder pushes beside a tab in use, on %s', (kind) => {
  // Manila: three days of a daily habit done at 08:30, then the evening of the fourth.
  const DAYS = ['2026-06-14', '2026-06-15', '2026-06-16'];
  let clock = new Date('2026-06-14T00:30:00Z');
  let server: TestServer;
  let push: Awaited<ReturnType<typeof startPushService>>;

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => clock });
    push = await startPushService();
  });
  afterAll(async () => {
    await push.close();
    await server.stop();
  });

  /** A user with a 3-day streak on a daily habit, its browser subscribed, last done 36 h ago. */
  async function userWithStreak(path: string) {
    clock = new Date(`${DAYS[0] ?? ''}T00:30:00Z`);
    const { client } = await signUp(server);
    await client.patch('/api/settings', { timeZone: 'Asia/Manila' });
    const id = (await client.post<{ id: string }>('/api/habits', { title: 'Read' })).body.id;
    for (const day of DAYS) {
      clock = new Date(`${day}T00:30:00Z`);
      const done = await client.request('PUT', `/api/habits/${id}/completions/${day}`, {
        completed: true,
      });
      expect(done.status).toBe(200);
    }
    const browser = browserKeys();
    const endpoint = endpointOf(path);
    return { client, browser, endpoint, habitId: id };
  }

  it('holds back the streak warning a tab in use holds back, and sends it when it is not', async () => {
    // 20:30 in Manila: the 20 h protection slot, the streak at risk since 04:30.
    const at2030 = new Date('2026-06-17T12:30:00Z');
    const active = await userWithStreak(`/push/${kind}/tab-in-use`);
    const idle = await userWithStreak(`/push/${kind}/tab-idle`);
    clock = at2030;
    // One tab was clicked in 10 minutes ago; the other's last click was 4.5 hours ago.
    for (const [user, activeAt] of [
      [active, '2026-06-17T20:20:00+08:00'],
      [idle, '2026-06-17T16:00:00+08:00'],
    ] as const) {
      const answer = await user.client.request('PUT', '/api/push/subscription', {
        endpoint: user.endpoint,
        keys: user.browser.keys,
        quietUntil: null,
        activeAt,
      });
      expect(answer.status).toBe(200);
    }
    // An older report from another tab of the same browser does not take the activity back.
    await active.client.request('PUT', '/api/push/subscription', {
      endpoint: active.endpoint,
      keys: active.browser.keys,
      activeAt: '2026-06-17T09:00:00+08:00',
    });
    const before = push.received.length;
    await sendDuePushes({ db: server.database.db, now: at2030, send: sender(push), logger });
    const received = push.received.slice(before);
    // The tab's planner waits for 4 h without a click: so does the push, and the tab keeps it.
    expect(received.map((r) => r.path)).not.toContain(`/push/${kind}/tab-in-use`);
    const idlePushes = received.filter((r) => r.path === `/push/${kind}/tab-idle`);
    expect(
      idlePushes.map((r) => decrypt(r.body, idle.browser.ecdh, idle.browser.auth)),
    ).toContainEqual(expect.objectContaining({ title: 'Protect your streak!' }));
    // The reminder is still the tab's to claim.
    const claim = await active.client.post<{ habitIds: string[] }>('/api/reminders/claim', {
      kind: 'streak-protection',
      habitIds: [active.habitId],
      channel: 'tab',
    });
    expect(claim.body).toEqual({ habitIds: [active.habitId] });
  });

  /**
   * A user in Manila with three habits done every day at 11:15, 16:15 and 17:15, its browser
   * subscribed with `report` (the days it was in use, say), and only the daily nudges on (no
   * streak warning takes a place of the day's two).
   */
  async function userWithHabitualHours(path: string, report: object = {}) {
    clock = new Date(`${DAYS[0] ?? ''}T00:30:00Z`);
    const { client } = await signUp(server);
    await client.patch('/api/settings', {
      timeZone: 'Asia/Manila',
      reminders: { streakReminders: false, randomReminders: true, intelligentTiming: true },
    });
    const ids: string[] = [];
    for (const title of ['Read', 'Walk', 'Stretch']) {
      ids.push((await client.post<{ id: string }>('/api/habits', { title })).body.id);
    }
    for (const day of DAYS) {
      for (const [index, hour] of [11, 16, 17].entries()) {
        clock = new Date(`${day}T${String(hour - 8).padStart(2, '0')}:15:00Z`);
        const id = ids[index] ?? '';
        const done = await client.request('PUT', `/api/habits/${id}/completions/${day}`, {
          completed: true,
        });
        expect(done.status).toBe(200);
      }
    }
    const browser = browserKeys();
    const answer = await client.request('PUT', '/api/push/subscription', {
      endpoint: endpointOf(path),
      keys: browser.keys,
      ...report,
    });
    expect(answer.status).toBe(200);
    return { path, browser };
  }

  /**
   * The next day (17 June), nothing done: a round every 30 minutes from 09:00 to 20:30 in Manila
   * (each round serves every user). Answers, for each user given, the local hours of the rounds
   * that pushed a nudge to their browser.
   */
  async function nudgeHours(...users: Awaited<ReturnType<typeof userWithHabitualHours>>[]) {
    const hours = users.map((): number[] => []);
    for (let step = 0; step < 24; step += 1) {
      const now = new Date(Date.parse('2026-06-17T01:00:00Z') + step * 30 * 60_000);
      const before = push.received.length;
      await sendDuePushes({ db: server.database.db, now, send: sender(push), logger });
      for (const received of push.received.slice(before)) {
        const index = users.findIndex((user) => user.path === received.path);
        const user = users[index];
        if (!user) continue;
        const shown = decrypt(received.body, user.browser.ecdh, user.browser.auth) as {
          tag: string;
        };
        if (shown.tag.startsWith('intelligent')) hours[index]?.push((now.getUTCHours() + 8) % 24);
      }
    }
    return hours;
  }

  it('nudges at the hours the user completes habits, learnt from the year, not at 9, 14 or 19', async () => {
    const user = await userWithHabitualHours(`/push/${kind}/habitual-hours`);
    // The nudge is pushed within 30 minutes of its time (a habitual hour, at a minute of the
    // day's choosing), so in hour 11, 12, 16, 17 or 18; at a default hour it would be 9, 10, 14,
    // 15, 19 or 20.
    const [hours] = await nudgeHours(user);
    expect(hours).toHaveLength(1);
    expect([11, 12, 16, 17, 18]).toContain(hours?.[0]);
  });

  it('skips the nudges of a week the app was used on more than 80 % of the days, as a tab does', async () => {
    // In use on 6 of the 7 days to 17 June: 86 %.
    const busy = await userWithHabitualHours(`/push/${kind}/busy-week`, {
      sessionDays: [
        '2026-06-11',
        '2026-06-12',
        '2026-06-13',
        '2026-06-14',
        '2026-06-15',
        '2026-06-16',
      ],
    });
    // On 5 of them (71 %), and on days before the week: nudged.
    const quieter = await userWithHabitualHours(`/push/${kind}/quieter-week`, {
      sessionDays: [
        '2026-06-01',
        '2026-06-02',
        '2026-06-12',
        '2026-06-13',
        '2026-06-14',
        '2026-06-15',
        '2026-06-16',
      ],
    });
    const bad = await signUp(server);
    const refused = await bad.client.request('PUT', '/api/push/subscription', {
      endpoint: endpointOf(`/push/${kind}/bad-days`),
      keys: browserKeys().keys,
      sessionDays: ['June 16'],
    });
    expect(refused.status).toBe(400);
    const [busyHours, quieterHours] = await nudgeHours(busy, quieter);
    expect(busyHours).toEqual([]);
    expect(quieterHours).toHaveLength(1);
  });
});

describe('reminder pushes from two instances at once, on postgres', () => {
  let server: TestServer;
  let push: Awaited<ReturnType<typeof startPushService>>;

  beforeAll(async () => {
    server = await startTestServer('postgres', { now: () => EVENING });
    push = await startPushService();
  });
  afterAll(async () => {
    await push.close();
    await server.stop();
  });

  it('sends each reminder once when every instance runs its round at the same moment', async () => {
    // A second instance: its own connections to the same database.
    const other = await openDatabase({ kind: 'postgres', url: server.config.databaseUrl ?? '' });
    try {
      const users = await Promise.all(
        [1, 2, 3].map(async (n) => {
          const { client } = await signUp(server);
          await client.patch('/api/settings', { timeZone: 'Asia/Manila' });
          await client.post('/api/habits', { title: `Habit ${String(n)}` });
          const path = `/push/twice/${String(n)}`;
          await client.request('PUT', '/api/push/subscription', {
            endpoint: endpointOf(path),
            keys: browserKeys().keys,
          });
          return path;
        }),
      );
      const before = push.received.length;
      const round = (db: typeof other.db) =>
        sendDuePushes({ db, now: EVENING, send: sender(push), logger });
      await Promise.all([round(server.database.db), round(other.db), round(other.db)]);
      const paths = push.received.slice(before).map((r) => r.path);
      for (const path of users) expect(paths.filter((p) => p === path)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

describe('reminder pushes on the days clocks change (pglite)', () => {
  let clock = EVENING;
  let server: TestServer;
  let push: Awaited<ReturnType<typeof startPushService>>;

  beforeAll(async () => {
    server = await startTestServer('pglite', { now: () => clock });
    push = await startPushService();
  });
  afterAll(async () => {
    await push.close();
    await server.stop();
  });

  // 21:30 local on the 23-hour and the 25-hour day: the reminder is about that local day and
  // expires at its real midnight, 2.5 hours later either way.
  it.each([
    { zone: 'America/New_York', at: '2026-03-09T01:30:00Z', day: '2026-03-08' },
    { zone: 'America/New_York', at: '2026-11-02T02:30:00Z', day: '2026-11-01' },
    { zone: 'Europe/Berlin', at: '2026-03-29T19:30:00Z', day: '2026-03-29' },
    { zone: 'Europe/Berlin', at: '2026-10-25T20:30:00Z', day: '2026-10-25' },
  ])('$zone on $day', async ({ zone, at, day }) => {
    clock = new Date(at);
    const { client } = await signUp(server);
    await client.patch('/api/settings', { timeZone: zone });
    await client.post('/api/habits', { title: 'Read' });
    const browser = browserKeys();
    const path = `/push/dst/${zone}/${day}`;
    await client.request('PUT', '/api/push/subscription', {
      endpoint: endpointOf(path),
      keys: browser.keys,
    });
    const before = push.received.length;
    await sendDuePushes({ db: server.database.db, now: clock, send: sender(push), logger });
    const mine = push.received.slice(before).filter((r) => r.path === path);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.headers.ttl).toBe(String(2.5 * 3600));
    expect(decrypt(mine[0]?.body ?? Buffer.alloc(0), browser.ecdh, browser.auth)).toMatchObject({
      title: 'Evening check-in',
      tag: `evening-${day}`,
    });
  });
});

describe('the every-minute push rounds (pglite)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', { now: () => EVENING });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('skips a round while the last one is still running, instead of queueing it', async () => {
    const { client } = await signUp(server);
    await client.patch('/api/settings', { timeZone: 'Asia/Manila' });
    await client.post('/api/habits', { title: 'Read' });
    await client.request('PUT', '/api/push/subscription', {
      endpoint: endpointOf('/push/rounds/slow'),
      keys: browserKeys().keys,
    });
    // A push service that holds the first push until the test lets it go.
    const gate: { open?: () => void } = {};
    const held = new Promise<void>((resolve) => {
      gate.open = resolve;
    });
    let pushes = 0;
    const capture = capturingLogger();
    const stop = startPushSender({
      db: server.database.db,
      now: () => EVENING,
      send: async () => {
        pushes += 1;
        await held;
      },
      logger: capture.logger,
      intervalMs: 25,
    });
    try {
      await expect.poll(() => pushes, { timeout: 3_000 }).toBe(1);
      const skipped = () =>
        capture.lines.filter((line) => line.includes('this one is skipped')).length;
      await expect.poll(skipped, { timeout: 3_000 }).toBeGreaterThanOrEqual(3);
      expect(pushes).toBe(1);
    } finally {
      gate.open?.();
      await stop();
    }
  });
});
