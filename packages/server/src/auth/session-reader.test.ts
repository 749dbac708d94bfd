import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../db/auth-schema';
import { DATABASE_KINDS, signUp, startTestServer, type TestServer } from '../../test/harness';
import { verifiedToken } from './session-reader';

const SECRET = 'a-test-secret-that-is-long-enough-for-hmac';
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
    server = await startTestServer(kind);
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
});
