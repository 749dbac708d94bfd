import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { withoutQuery } from './auth';
import { DATABASE_KINDS, startTestServer, TestClient, type TestServer } from '../../test/harness';
import { outboxMail } from '../../test/mail-sink';

describe.each(DATABASE_KINDS)('logs on %s', (kind) => {
  const lines: string[] = [];
  let server: TestServer;

  beforeAll(async () => {
    // Everything the server logs, at its most talkative level, mail included.
    const logger = createLogger('trace', { write: (line: string) => void lines.push(line) });
    server = await startTestServer(kind, { logger, realMail: true });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('never contain a password, a session cookie or a reset token', async () => {
    const email = `logs_${kind}@example.com`;
    const username = `logs_${kind}`;
    const password = 'first-Secret-91';
    const newPassword = 'second-Secret-37';
    const wrongPassword = 'wrong-Guess-55';

    const client = new TestClient(server.url);
    const signedUp = await client.post('/api/auth/sign-up/email', {
      email,
      username,
      password,
      name: username,
    });
    expect(signedUp.status).toBe(200);
    const cookies = [client.cookieHeader];
    const other = new TestClient(server.url);
    expect(
      (await other.post('/api/auth/sign-in/email', { email, password: wrongPassword })).status,
    ).toBe(401);
    expect((await other.post('/api/auth/sign-in/username', { username, password })).status).toBe(
      200,
    );
    cookies.push(other.cookieHeader);
    expect((await client.patch('/api/settings', { theme: 'dark' })).status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(200);

    expect((await client.post('/api/auth/request-password-reset', { email })).status).toBe(200);
    const token = /update-password\?token=(\S+)/.exec(await outboxMail(server.config.dataDir))?.[1];
    expect(token).toBeTruthy();
    const reset = await new TestClient(server.url).post('/api/auth/reset-password', {
      token: decodeURIComponent(token ?? ''),
      newPassword,
    });
    expect(reset.status).toBe(200);
    const after = new TestClient(server.url);
    expect(
      (await after.post('/api/auth/sign-in/email', { email, password: newPassword })).status,
    ).toBe(200);
    cookies.push(after.cookieHeader);
    expect((await after.post('/api/auth/sign-out')).status).toBe(200);

    const log = lines.join('');
    // The capture really saw the flows above.
    expect(log).toContain('"path":"/api/auth/sign-up/email"');
    expect(log).toContain('"path":"/api/auth/reset-password"');
    expect(log).toContain('mail written to the outbox');
    const secrets = [
      password,
      newPassword,
      wrongPassword,
      token ?? '',
      decodeURIComponent(token ?? ''),
    ];
    for (const header of cookies) {
      for (const pair of header.split('; ')) {
        const value = pair.slice(pair.indexOf('=') + 1);
        secrets.push(
          value,
          decodeURIComponent(value),
          decodeURIComponent(value).split('.')[0] ?? '',
        );
      }
    }
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(log).not.toContain(secret);
    }
    expect(log.toLowerCase()).not.toContain('set-cookie');
  });
});

describe("Better Auth's errors in the log", () => {
  it('keep no query text or parameters of a failed query, only its code', () => {
    const cause = Object.assign(new Error('duplicate key value'), { code: '23505' });
    const failed = new Error(
      'Failed query: insert into "auth_users" ("email", "name") values ($1, $2)\nparams: someone@example.com,Someone',
      { cause },
    );
    const kept = withoutQuery(failed);
    expect(kept.message).toBe('Failed query (its text is not logged)');
    expect(JSON.stringify(Object.entries(kept))).not.toContain('example.com');
    expect(kept.cause).toBeUndefined();
    expect(kept).toMatchObject({ code: '23505' });
    // Any other error is logged as it is.
    const other = new Error('Username is already taken');
    expect(withoutQuery(other)).toBe(other);
  });
});
