/**
 * Reminder pushes (docs/product.md "Reminders"): delivered to a loopback push service that
 * decrypts each payload as a browser would (RFC 8291), on a fixed clock in Manila; once, across
 * channels; expiring at the user's local midnight; a subscription the service forgot is dropped.
 */
import { createDecipheriv, createECDH, createHmac, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
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
import { sendDuePushes, webPushSender } from './push-sender';

// 21:30 in Manila (UTC+8) on Wednesday 17 June: the evening reminder's window, 2.5 h to midnight.
const EVENING = new Date('2026-06-17T13:30:00Z');
const TODAY = '2026-06-17';
const VAPID = { ...webpush.generateVAPIDKeys(), subject: 'mailto:test@habitquest.local' };
const logger = createLogger('silent');

type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };

/** A push service on loopback: records each push; paths under /gone answer 410. */
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
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(request.url?.startsWith('/gone') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
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
    const endpoint = `${push.url}${path}`;
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
    sendDuePushes({ db: server.database.db, now: EVENING, send: webPushSender(VAPID), logger });

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
            endpoint: `${push.url}${path}`,
            keys: browserKeys().keys,
          });
          return path;
        }),
      );
      const before = push.received.length;
      const round = (db: typeof other.db) =>
        sendDuePushes({ db, now: EVENING, send: webPushSender(VAPID), logger });
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
      endpoint: `${push.url}${path}`,
      keys: browser.keys,
    });
    const before = push.received.length;
    await sendDuePushes({ db: server.database.db, now: clock, send: webPushSender(VAPID), logger });
    const mine = push.received.slice(before).filter((r) => r.path === path);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.headers.ttl).toBe(String(2.5 * 3600));
    expect(decrypt(mine[0]?.body ?? Buffer.alloc(0), browser.ecdh, browser.auth)).toMatchObject({
      title: 'Evening check-in',
      tag: `evening-${day}`,
    });
  });
});
