import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../db/auth-schema';
import {
  createTestDatabase,
  DATABASE_KINDS,
  signUp,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../test/harness';
import { mailSent } from '../../test/mail-sink';
import { openEvents, type EventStream } from '../../test/sse';

/** Rejects when `promise` has not settled within `ms`. */
function within(promise: Promise<unknown>, ms: number, what: string): Promise<unknown> {
  return Promise.race([
    promise,
    new Promise((_, reject) =>
      setTimeout(() => {
        reject(new Error(`${what} did not happen within ${String(ms)} ms`));
      }, ms),
    ),
  ]);
}

function dataEvents(stream: EventStream) {
  return stream.received.filter((event) => event.event !== 'heartbeat');
}

/** The token of the reset link mailed to `email` (mail goes out after the answer). */
async function resetTokenOf(server: TestServer, email: string, after: number): Promise<string> {
  const mail = await mailSent(server, email, after);
  const match = /\/auth\/update-password\?token=([^\s"]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error('no reset link was mailed');
  return decodeURIComponent(match[1]);
}

async function resetPassword(server: TestServer, email: string, newPassword: string) {
  const anonymous = new TestClient(server.url);
  const sentBefore = server.mails.length;
  expect((await anonymous.post('/api/auth/request-password-reset', { email })).status).toBe(200);
  const reset = await anonymous.post('/api/auth/reset-password', {
    token: await resetTokenOf(server, email, sentBefore),
    newPassword,
  });
  expect(reset.status).toBe(200);
}

describe.each(DATABASE_KINDS)('an event stream ends with its session on %s', (kind) => {
  // The default heartbeat (15 s) is far longer than any wait below: what ends these streams is
  // the revocation message, not the periodic re-check.
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  it("closes at sign-out and receives none of the user's later changes; other devices stay live", async () => {
    const { client, email, password } = await signUp(server);
    const otherDevice = new TestClient(server.url);
    expect((await otherDevice.post('/api/auth/sign-in/email', { email, password })).status).toBe(
      200,
    );
    const stream = await openEvents(client);
    const otherStream = await openEvents(otherDevice);
    await stream.next('heartbeat');
    await otherStream.next('heartbeat');

    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    await otherDevice.post('/api/habits', { title: 'After sign-out' });

    await within(stream.closed, 1000, 'the signed-out stream closing');
    expect(dataEvents(stream)).toEqual([]);
    // The session that is still signed in keeps its stream and gets the change.
    await otherStream.next('habits', 1000);
    otherStream.close();
  });

  it('closes every stream of the user when a password reset ends the sessions', async () => {
    const { client, email } = await signUp(server);
    const stream = await openEvents(client);
    await stream.next('heartbeat');

    await resetPassword(server, email, 'a new password');
    const fresh = new TestClient(server.url);
    expect(
      (await fresh.post('/api/auth/sign-in/email', { email, password: 'a new password' })).status,
    ).toBe(200);
    await fresh.post('/api/habits', { title: 'After the reset' });

    await within(stream.closed, 1000, 'the stream of the revoked session closing');
    expect(dataEvents(stream)).toEqual([]);
  });
});

describe.each(DATABASE_KINDS)('the heartbeat re-checks the session on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { heartbeatMs: 200 });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('keeps a live session streaming and closes once its session is gone without a message', async () => {
    const { client, email, password } = await signUp(server);
    const stream = await openEvents(client);
    for (let beat = 0; beat < 3; beat += 1) await stream.next('heartbeat');

    // An ended session that no revocation message announced (e.g. one that expired): only the
    // heartbeat's re-check can notice it.
    const second = new TestClient(server.url);
    expect((await second.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
    const userId = (await second.get<{ user: { id: string } }>('/api/me')).body.user.id;
    const sessions = await server.database.db
      .select({ token: session.token })
      .from(session)
      .where(eq(session.userId, userId));
    expect(sessions).toHaveLength(2);
    await server.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, userId));

    await within(stream.closed, 1000, 'the expired stream closing');
    expect(dataEvents(stream)).toEqual([]);
  });
});

describe('session revocation across instances on postgres', () => {
  it('a password reset on instance A closes the stream open on instance B at once', async () => {
    const database = await createTestDatabase();
    const env = { DATABASE_URL: database.url };
    const a = await startTestServer('pglite', { env, keepDatabase: true });
    const b = await startTestServer('pglite', { env, keepDatabase: true });
    try {
      const { email, password } = await signUp(a);
      const onB = new TestClient(b.url);
      expect((await onB.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
      const stream = await openEvents(onB);
      await stream.next('heartbeat');

      await resetPassword(a, email, 'a new password');
      const fresh = new TestClient(a.url);
      expect(
        (await fresh.post('/api/auth/sign-in/email', { email, password: 'a new password' })).status,
      ).toBe(200);
      await fresh.post('/api/habits', { title: 'After the reset on A' });

      await within(stream.closed, 1000, 'the stream on B closing');
      expect(dataEvents(stream)).toEqual([]);
    } finally {
      await a.stop();
      await b.stop();
      await database.drop();
    }
  });
});
