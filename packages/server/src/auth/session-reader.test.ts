import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../db/auth-schema';
import { completions, idempotencyKeys, progress } from '../db/schema';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../test/harness';
import { verifiedToken } from './session-reader';

const SECRET = 'a-test-secret-that-is-long-enough-for-hmac';
/** The server's clock (sessions expire by the wall clock, as Better Auth sets them). */
const NOW = new Date('2026-06-17T12:00:00Z');
const TODAY = '2026-06-17';
const sign = (token: string, secret = SECRET) =>
  `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;

describe('verifiedToken', () => {
  it('answers the token of a value signed with the secret', () => {
    expect(verifiedToken(sign('abc123'), SECRET)).toBe('abc123');
  });

  it('refuses a missing value, no signature, another secret or a changed token', () => {
    expect(verifiedToken(undefined, SECRET)).toBeNull();
    expect(verifiedToken('', SECRET)).toBeNull();
    expect(verifiedToken('abc123', SECRET)).toBeNull();
    expect(verifiedToken('.abc', SECRET)).toBeNull();
    expect(verifiedToken(sign('abc123', 'another-secret'), SECRET)).toBeNull();
    expect(verifiedToken(sign('abc123').replace('abc123', 'abc124'), SECRET)).toBeNull();
    expect(verifiedToken(`${sign('abc123')}x`, SECRET)).toBeNull();
  });
});

describe.each(DATABASE_KINDS)('the API session check on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => NOW });
  });
  afterAll(async () => {
    await server.stop();
  });

  /** The Cookie header with the session cookie's value replaced. */
  function withSessionCookie(cookieHeader: string, value: string): string {
    return cookieHeader.replace(/(session_token=)[^;]+/, `$1${encodeURIComponent(value)}`);
  }

  it('lets the session Better Auth set through, and scopes by its user', async () => {
    const { client, email } = await signUp(server);
    const me = await client.get<{ user: { email: string } }>('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(email);
  });

  it('refuses a session cookie whose token or signature was changed', async () => {
    const { client } = await signUp(server);
    // The genuine header first, so it is among the verified ones the reader remembers.
    expect((await client.get('/api/me')).status).toBe(200);
    const cookie = decodeURIComponent(/session_token=([^;]+)/.exec(client.cookieHeader)?.[1] ?? '');
    const dot = cookie.lastIndexOf('.');
    const token = cookie.slice(0, dot);
    const signature = cookie.slice(dot + 1);
    for (const forged of [
      `${token}x.${signature}`,
      `${token}.${signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
      token,
      sign(token, 'not-the-server-secret'),
    ]) {
      const response = await client.get('/api/me', {
        cookie: withSessionCookie(client.cookieHeader, forged),
      });
      expect(response.status).toBe(401);
    }
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('refuses an expired session and a deleted one at once', async () => {
    const { client } = await signUp(server);
    const me = await client.get<{ user: { id: string } }>('/api/me');
    const { db } = server.database;
    await db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, me.body.user.id));
    expect((await client.get('/api/habits')).status).toBe(401);
    await db.delete(session).where(eq(session.userId, me.body.user.id));
    expect((await client.get('/api/habits')).status).toBe(401);
  });

  /**
   * A user whose session this process has seen live (a habit was created with it), and what the
   * completion set-state then checks in its own first statement (http/require-user.ts).
   */
  async function userWithHabit() {
    const { client, email, password } = await signUp(server);
    const created = await client.post<{ id: string }>('/api/habits', { title: 'Stretch' });
    expect(created.status).toBe(201);
    const { id } = created.body;
    const userId = (await client.get<{ user: { id: string } }>('/api/me')).body.user.id;
    expect(userId).toBeTruthy();
    const put = (completed: boolean, headers: Record<string, string> = {}, on = client) =>
      on.request('PUT', `/api/habits/${id}/completions/${TODAY}`, { completed }, headers);
    const { db } = server.database;
    /** What a refused change must leave as it was. */
    const state = async () => ({
      completions: await db.select().from(completions).where(eq(completions.userId, userId)),
      keys: await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId)),
      progress: await db.select().from(progress).where(eq(progress.userId, userId)),
    });
    return { client, email, password, userId, id, put, state };
  }

  it('refuses a completion at once once its session is signed out, deleted or expired, and changes nothing', async () => {
    for (const end of ['sign-out', 'delete', 'expire'] as const) {
      const { client, userId, put, state } = await userWithHabit();
      expect((await put(true)).status).toBe(200);
      expect((await put(false)).status).toBe(200);
      const before = await state();
      const { db } = server.database;
      if (end === 'sign-out') {
        // Better Auth's sign-out deletes the session row; the client keeps its cookie to send.
        const signOut = await new TestClient(server.url).post('/api/auth/sign-out', undefined, {
          cookie: client.cookieHeader,
        });
        expect(signOut.status).toBe(200);
      } else if (end === 'delete') await db.delete(session).where(eq(session.userId, userId));
      else
        await db
          .update(session)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(session.userId, userId));
      // Twice: the statement finds it gone, then the lookup does.
      for (const key of ['first', 'second']) {
        const refused = await put(true, { 'idempotency-key': `${end}-${key}` });
        expect(refused.status, end).toBe(401);
        expect(refused.body).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
      }
      expect(await state(), end).toEqual(before);
    }
  });

  it('does not remember a refused key: signed in again, the same key applies the change', async () => {
    const { email, password, userId, put, state } = await userWithHabit();
    expect((await put(true)).status).toBe(200);
    expect((await put(false)).status).toBe(200);
    await server.database.db.delete(session).where(eq(session.userId, userId));
    expect((await put(true, { 'idempotency-key': 'after-sign-in' })).status).toBe(401);
    expect((await state()).keys).toEqual([]);
    const again = new TestClient(server.url);
    expect((await again.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
    const applied = await put(true, { 'idempotency-key': 'after-sign-in' }, again);
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ added: true });
    const { db } = server.database;
    const stored = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, 'after-sign-in')));
    expect(stored).toMatchObject([{ status: 200 }]);
    // The old cookie stays refused.
    expect((await put(false)).status).toBe(401);
    expect((await state()).completions).toHaveLength(1);
  });

  it("refuses another user's remembered session in place of one's own, and scopes by the session's user", async () => {
    const first = await userWithHabit();
    const second = await userWithHabit();
    expect((await first.put(true)).status).toBe(200);
    expect((await second.put(true)).status).toBe(200);
    // The first user's cookie on the second's habit: not found, and the second's habit untouched.
    const secondState = await second.state();
    const cross = await first.client.request(
      'PUT',
      `/api/habits/${second.id}/completions/${TODAY}`,
      { completed: false },
    );
    expect(cross.status).toBe(404);
    expect(await second.state()).toEqual(secondState);
  });
});
