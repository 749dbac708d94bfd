import { AUTH_MESSAGES } from '@habitquest/contracts/auth';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, categories, progress, user, userSettings, verification } from '../db/schema';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../test/harness';
import { mailSent, waitFor } from '../../test/mail-sink';
import { LIMIT_MESSAGES } from './routes';

let ipCounter = 0;
/** Each client gets its own address (the servers trust X-Forwarded-For), so limits stay apart. */
function clientFrom(server: TestServer): TestClient {
  ipCounter += 1;
  return new TestClient(server.url, {
    'x-forwarded-for': `10.1.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
  });
}

describe.each(DATABASE_KINDS)('accounts on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('signs up, and the new account starts with its defaults', async () => {
    const { client, email, username } = await signUp(server);
    const me = await client.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      user: { email, username },
      plan: {
        isPro: false,
        limits: { habits: 15, categories: 10, rewards: 6 },
        counts: { habits: 0, categories: 7, rewards: 0 },
      },
      progress: {
        level: 1,
        xp: 0,
        points: 0,
        streak: 0,
        xpIntoLevel: 0,
        xpForNextLevel: 100,
        percent: 0,
      },
      settings: { theme: 'system', weekStart: 0 },
    });
    expect(server.database.kind).toBe(kind);
  });

  it('completes an account whose provisioning was cut short on its next GET /api/me', async () => {
    const { client } = await signUp(server);
    const { id } = (await client.get<{ user: { id: string } }>('/api/me')).body.user;
    const { db } = server.database;
    await db.delete(categories).where(eq(categories.userId, id));
    await db.delete(progress).where(eq(progress.userId, id));
    await db.delete(userSettings).where(eq(userSettings.userId, id));
    const me = await client.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      plan: { counts: { habits: 0, categories: 7, rewards: 0 } },
      progress: { level: 1, xp: 0, points: 0 },
      settings: { theme: 'system', weekStart: 0 },
    });
    const [stored] = await db.select().from(userSettings).where(eq(userSettings.userId, id));
    expect(stored).toBeDefined();
  });

  it('refuses a duplicate e-mail or username', async () => {
    const first = await signUp(server);
    const again = await clientFrom(server).post('/api/auth/sign-up/email', {
      email: first.email,
      username: 'someone_else',
      password: 'secret123',
      name: 'x',
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
    const sameName = await clientFrom(server).post('/api/auth/sign-up/email', {
      email: 'other@example.com',
      username: first.username,
      password: 'secret123',
      name: 'x',
    });
    expect(sameName.status).toBeGreaterThanOrEqual(400);
  });

  it('signs in by e-mail and by username, and refuses a wrong password', async () => {
    const { email, username, password } = await signUp(server);
    const byEmail = clientFrom(server);
    expect((await byEmail.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
    expect((await byEmail.get('/api/me')).status).toBe(200);

    const byUsername = clientFrom(server);
    expect(
      (await byUsername.post('/api/auth/sign-in/username', { username, password })).status,
    ).toBe(200);
    expect((await byUsername.get('/api/me')).body).toMatchObject({ user: { email } });

    const wrong = clientFrom(server);
    const refused = await wrong.post('/api/auth/sign-in/email', {
      email,
      password: 'not-the-password',
    });
    expect(refused.status).toBe(401);
    expect((await wrong.get('/api/me')).status).toBe(401);
  });

  it('takes a username in any case, as it is stored: lowercased', async () => {
    const { email, username, password } = await signUp(server);
    const shouting = clientFrom(server);
    const signedIn = await shouting.post('/api/auth/sign-in/username', {
      username: username.toUpperCase(),
      password,
    });
    expect(signedIn.status).toBe(200);
    expect((await shouting.get('/api/me')).body).toMatchObject({ user: { email, username } });

    const tag = username.slice(-6);
    const created = clientFrom(server);
    const signedUp = await created.post('/api/auth/sign-up/email', {
      email: `capital_${tag}@example.com`,
      username: `Capital_${tag}`,
      password,
      name: 'Capital',
    });
    expect(signedUp.status).toBe(200);
    expect((await created.get('/api/me')).body).toMatchObject({
      user: { username: `capital_${tag}`.toLowerCase() },
    });
  });

  it('refuses a NUL anywhere in an auth body as invalid input, and creates nothing', async () => {
    const { username, password } = await signUp(server);
    const withNul = `${username.slice(0, 3)}\u0000${username.slice(3)}`;
    const signIn = await clientFrom(server).post('/api/auth/sign-in/username', {
      username: withNul,
      password,
    });
    expect(signIn.status).toBe(400);
    expect(signIn.body).toMatchObject({
      error: {
        code: 'VALIDATION',
        message: 'username: must not contain the NUL character (U+0000)',
      },
    });
    const email = `nul_${username.slice(-6)}@example.com`;
    const signUpWithNul = await clientFrom(server).post('/api/auth/sign-up/email', {
      email,
      username: `nul_${username.slice(-6)}`,
      password,
      name: 'A\u0000B',
    });
    expect(signUpWithNul.status).toBe(400);
    expect(signUpWithNul.body).toMatchObject({ error: { code: 'VALIDATION' } });
    const [made] = await server.database.db.select().from(user).where(eq(user.email, email));
    expect(made).toBeUndefined();
  });

  it('answers an unknown username with the spec message', async () => {
    const response = await clientFrom(server).post('/api/auth/sign-in/username', {
      username: 'nobody_here',
      password: 'whatever1',
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      error: {
        code: 'UNAUTHENTICATED',
        message: 'Username not found. Please check your username or use your email instead.',
      },
    });
  });

  it("answers a username that could not be looked up with the spec's words", async () => {
    const { username, password } = await signUp(server);
    const { db } = server.database;
    // The accounts table out of reach for a moment, as a failing database would leave it.
    await db.execute(sql.raw('alter table auth_users rename to auth_users_away'));
    let response: Awaited<ReturnType<TestClient['post']>>;
    try {
      response = await clientFrom(server).post('/api/auth/sign-in/username', {
        username,
        password,
      });
    } finally {
      await db.execute(sql.raw('alter table auth_users_away rename to auth_users'));
    }
    expect(response.status).toBe(500);
    expect(response.body).toEqual({
      error: { code: 'INTERNAL', message: 'Failed to look up username' },
    });
    // Back, the same sign-in works.
    const again = await clientFrom(server).post('/api/auth/sign-in/username', {
      username,
      password,
    });
    expect(again.status).toBe(200);
  });

  it('answers only the Better Auth endpoints the app uses: another changes nothing, 404', async () => {
    const { client, username } = await signUp(server);
    for (const path of ['update-user', 'delete-user', 'list-sessions', 'revoke-sessions']) {
      const response = await client.post(`/api/auth/${path}`, { name: 'x'.repeat(10) });
      expect(response.status, path).toBe(404);
    }
    const session = await client.get<{ user: { name: string; username: string } }>(
      '/api/auth/get-session',
    );
    expect(session.body.user).toMatchObject({ username });
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('refuses a sign-up with a name past 100 characters, an over-long e-mail or a picture', async () => {
    const tag = Date.now().toString(36);
    const base = {
      email: `long${tag}@example.com`,
      username: `long_${tag}`,
      password: 'correct horse',
      name: `long_${tag}`,
    };
    const cases = [
      [{ name: 'x'.repeat(500_000) }, 'name', AUTH_MESSAGES.nameTooLong],
      [{ email: `${'x'.repeat(300)}@example.com` }, 'email', AUTH_MESSAGES.emailInvalid],
      [{ image: 'javascript:alert(1)' }, 'image', AUTH_MESSAGES.imageRefused],
    ] as const;
    for (const [change, path, message] of cases) {
      const refused = await clientFrom(server).post<{ error: { code: string; message: string } }>(
        '/api/auth/sign-up/email',
        { ...base, ...change },
      );
      expect(refused.status, path).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'VALIDATION', message });
    }
    // Nothing was made: the username is still free.
    const made = await clientFrom(server).post('/api/auth/sign-up/email', base);
    expect(made.status).toBe(200);
  });

  it('ends the session on sign-out', async () => {
    const { client } = await signUp(server);
    const cookie = client.cookieHeader;
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    const stale = new TestClient(server.url, { cookie });
    expect((await stale.get('/api/me')).status).toBe(401);
  });

  it('needs a session on every data route', async () => {
    const anonymous = clientFrom(server);
    for (const [method, url] of [
      ['GET', '/api/me'],
      ['PATCH', '/api/profile'],
      ['PATCH', '/api/settings'],
    ] as const) {
      const response = await anonymous.request(method, url, method === 'GET' ? undefined : {});
      expect(response.status).toBe(401);
      expect(response.body).toEqual({
        error: { code: 'UNAUTHENTICATED', message: 'User not authenticated' },
      });
    }
  });

  it('refuses a state-changing request from a foreign origin, or with none', async () => {
    const { client } = await signUp(server);
    const foreign = await client.patch(
      '/api/settings',
      { theme: 'dark' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ error: { code: 'FORBIDDEN' } });
    const signUpFromElsewhere = await clientFrom(server).post(
      '/api/auth/sign-up/email',
      { email: 'csrf@example.com', username: 'csrf_user', password: 'secret123', name: 'x' },
      { origin: 'https://evil.example' },
    );
    expect(signUpFromElsewhere.status).toBe(403);
    expect((await client.get('/api/me')).body).toMatchObject({ settings: { theme: 'system' } });
  });
});

describe.each(DATABASE_KINDS)('profile and settings on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('changes the username, unique and well-formed', async () => {
    const { client } = await signUp(server);
    const other = await signUp(server);
    expect((await client.patch('/api/profile', { username: 'quest_master' })).body).toEqual({
      username: 'quest_master',
    });
    expect((await client.get('/api/me')).body).toMatchObject({
      user: { username: 'quest_master' },
    });

    const taken = await other.client.patch('/api/profile', { username: 'quest_master' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: { code: 'CONFLICT' } });
    for (const username of ['ab', 'has space', 'x'.repeat(31), 42]) {
      const bad = await client.patch('/api/profile', { username });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: { code: 'VALIDATION' } });
    }
    expect((await client.get('/api/me')).body).toMatchObject({
      user: { username: 'quest_master' },
    });
  });

  it('marks the time zone chosen once a patch saves one, UTC included; a client cannot set it', async () => {
    const { client } = await signUp(server);
    const fresh = await client.get('/api/me');
    expect(fresh.body).toMatchObject({ settings: { timeZone: 'UTC', timeZoneChosen: false } });
    expect((await client.patch('/api/settings', { theme: 'dark' })).body).toMatchObject({
      timeZoneChosen: false,
    });
    const forged = await client.patch('/api/settings', { timeZoneChosen: true });
    expect(forged.status).toBe(400);
    expect((await client.get('/api/me')).body).toMatchObject({
      settings: { timeZoneChosen: false },
    });
    // UTC again, on purpose: another device must now ask before taking its own zone.
    const chosen = await client.patch('/api/settings', { timeZone: 'UTC' });
    expect(chosen.body).toMatchObject({ timeZone: 'UTC', timeZoneChosen: true });
    expect((await client.patch('/api/settings', { weekStart: 1 })).body).toMatchObject({
      timeZoneChosen: true,
    });
    expect((await client.get('/api/me')).body).toMatchObject({
      settings: { timeZone: 'UTC', timeZoneChosen: true },
    });
  });

  it('updates settings and refuses unknown or forbidden fields without changing anything', async () => {
    const { client } = await signUp(server);
    const updated = await client.patch('/api/settings', {
      theme: 'dark',
      accent: 'emerald',
      weekStart: 1,
      timeZone: 'Europe/Berlin',
      audio: { effectsVolume: 0.5 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      theme: 'dark',
      accent: 'emerald',
      weekStart: 1,
      timeZone: 'Europe/Berlin',
      audio: { effectsVolume: 0.5 },
    });

    for (const patch of [
      { points: 1_000_000 },
      { isPro: true },
      { userId: 'someone' },
      { theme: 'neon' },
      { weekStart: 9 },
      { timeZone: 'Mars/Base' },
    ]) {
      const refused = await client.patch('/api/settings', patch);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: { code: 'VALIDATION' } });
    }
    const notJson = await client.request('PATCH', '/api/settings', '{oops', {
      'content-type': 'application/json',
    });
    expect(notJson.status).toBe(400);

    const me = await client.get('/api/me');
    expect(me.body).toMatchObject({
      settings: { theme: 'dark', accent: 'emerald', weekStart: 1, timeZone: 'Europe/Berlin' },
      progress: { points: 0 },
      plan: { isPro: false },
    });
  });
});

describe.each(DATABASE_KINDS)('password reset on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await server.stop();
  });

  async function requestReset(email: string) {
    const response = await clientFrom(server).post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/auth/update-password',
    });
    return response;
  }

  function tokenFrom(text: string): string {
    const match = /\/auth\/update-password\?token=([^\s"]+)/.exec(text);
    if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
    return decodeURIComponent(match[1]);
  }

  it('answers the same whether or not the address exists', async () => {
    const unknown = await requestReset('nobody@example.com');
    const { email } = await signUp(server);
    const known = await requestReset(email);
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
  });

  it('resets once with the mailed link, ends other sessions, and refuses reused, forged or expired tokens', async () => {
    const { client, email } = await signUp(server);
    const otherDevice = clientFrom(server);
    await otherDevice.post('/api/auth/sign-in/email', { email, password: 'correct horse' });
    expect((await otherDevice.get('/api/me')).status).toBe(200);

    // The mail goes out after the answer: it is waited for, not assumed.
    const sentBefore = server.mails.length;
    await requestReset(email);
    const mail = await mailSent(server, email, sentBefore);
    expect(mail.text).toContain(`${server.config.publicUrl}/auth/update-password?token=`);
    const token = tokenFrom(mail.text);

    const reset = await clientFrom(server).post('/api/auth/reset-password', {
      token,
      newPassword: 'brand new secret',
    });
    expect(reset.status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(401);
    expect((await otherDevice.get('/api/me')).status).toBe(401);

    const fresh = clientFrom(server);
    expect(
      (await fresh.post('/api/auth/sign-in/email', { email, password: 'correct horse' })).status,
    ).toBe(401);
    expect(
      (await fresh.post('/api/auth/sign-in/email', { email, password: 'brand new secret' })).status,
    ).toBe(200);

    const reused = await clientFrom(server).post('/api/auth/reset-password', {
      token,
      newPassword: 'another one',
    });
    expect(reused.status).toBe(400);
    const forged = await clientFrom(server).post('/api/auth/reset-password', {
      token: 'forged-token',
      newPassword: 'another one',
    });
    expect(forged.status).toBe(400);

    const sentAgain = server.mails.length;
    await requestReset(email);
    const expiring = tokenFrom((await mailSent(server, email, sentAgain)).text);
    await server.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${expiring}`));
    const expired = await clientFrom(server).post('/api/auth/reset-password', {
      token: expiring,
      newPassword: 'another one',
    });
    expect(expired.status).toBe(400);
  });

  it('a link mailed before stops working once the password changes, in Settings or by a newer link', async () => {
    const { client, email, password } = await signUp(server);
    const linkFor = async () => {
      const sentBefore = server.mails.length;
      await requestReset(email);
      return tokenFrom((await mailSent(server, email, sentBefore)).text);
    };
    const resetWith = (token: string, newPassword: string) =>
      clientFrom(server).post('/api/auth/reset-password', { token, newPassword });
    const older = await linkFor();
    const changed = await client.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: 'changed in settings',
    });
    expect(changed.status).toBe(200);
    expect((await resetWith(older, 'from the old link')).status).toBe(400);

    const first = await linkFor();
    const second = await linkFor();
    expect((await resetWith(second, 'from the newer link')).status).toBe(200);
    expect((await resetWith(first, 'from the older link')).status).toBe(400);
    const signIn = (secret: string) =>
      clientFrom(server).post('/api/auth/sign-in/email', { email, password: secret });
    expect((await signIn('from the older link')).status).toBe(401);
    expect((await signIn('from the newer link')).status).toBe(200);
  });

  it('a new password is never the current one, and always signs the other sessions out', async () => {
    const { client, email, password } = await signUp(server);
    const otherDevice = clientFrom(server);
    await otherDevice.post('/api/auth/sign-in/email', { email, password });
    const same = await client.post<{ error: { code: string; message: string } }>(
      '/api/auth/change-password',
      { currentPassword: password, newPassword: password, revokeOtherSessions: true },
    );
    expect(same.status).toBe(400);
    expect(same.body.error).toMatchObject({
      code: 'VALIDATION',
      message: AUTH_MESSAGES.samePassword,
    });
    // Nothing changed: the other device is still signed in, the password still works.
    expect((await otherDevice.get('/api/me')).status).toBe(200);
    // A client asking to keep the other sessions signs them out all the same.
    const changed = await client.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: 'a brand new password',
      revokeOtherSessions: false,
    });
    expect(changed.status).toBe(200);
    expect((await otherDevice.get('/api/me')).status).toBe(401);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('an account made through OAuth sets its first password through the mailed link', async () => {
    // The account as a GitHub sign-in leaves it: one "github" row and no password (GitHub itself
    // is out of reach here, so the rows are written as Better Auth writes them).
    const { client, email, username } = await signUp(server);
    const { id } = (await client.get<{ user: { id: string } }>('/api/me')).body.user;
    const { db } = server.database;
    await db.delete(account).where(eq(account.userId, id));
    await db.insert(account).values({
      id: `github-${id}`,
      accountId: '4242',
      providerId: 'github',
      userId: id,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const methods = await client.get<{ providerId: string }[]>('/api/auth/list-accounts');
    expect(methods.status).toBe(200);
    expect(methods.body.map((row) => row.providerId)).toEqual(['github']);
    // No current password to give: change-password has nothing to check it against.
    const change = await client.post('/api/auth/change-password', {
      currentPassword: 'correct horse',
      newPassword: 'first own secret',
    });
    expect(change.status).toBe(400);
    // Nor does a session alone add one: Better Auth's set-password is not served over HTTP.
    const added = await client.post('/api/auth/set-password', { newPassword: 'stolen session' });
    expect(added.status).toBe(404);
    const thief = await clientFrom(server).post('/api/auth/sign-in/email', {
      email,
      password: 'stolen session',
    });
    expect(thief.status).toBe(401);

    const sentBefore = server.mails.length;
    await requestReset(email);
    const mail = await mailSent(server, email, sentBefore);
    expect(mail.subject).toBe('Set a password for HabitQuest');
    expect(mail.text).toContain('Choose your password here:');
    const reset = await clientFrom(server).post('/api/auth/reset-password', {
      token: tokenFrom(mail.text),
      newPassword: 'first own secret',
    });
    expect(reset.status).toBe(200);

    const fresh = clientFrom(server);
    const byEmail = await fresh.post('/api/auth/sign-in/email', {
      email,
      password: 'first own secret',
    });
    expect(byEmail.status).toBe(200);
    const byName = await clientFrom(server).post('/api/auth/sign-in/username', {
      username,
      password: 'first own secret',
    });
    expect(byName.status).toBe(200);
    const after = await fresh.get<{ providerId: string }[]>('/api/auth/list-accounts');
    expect(after.body.map((row) => row.providerId).sort()).toEqual(['credential', 'github']);
    // From now on it is a password like any other: the next link resets it.
    const sentAgain = server.mails.length;
    await requestReset(email);
    expect((await mailSent(server, email, sentAgain)).subject).toBe(
      'Reset your HabitQuest password',
    );
  });

  it("lists only the signed-in user's own ways to sign in, and nobody's without a session", async () => {
    const { client } = await signUp(server);
    await signUp(server);
    const mine =
      await client.get<{ providerId: string; userId: string }[]>('/api/auth/list-accounts');
    expect(mine.body.map((row) => row.providerId)).toEqual(['credential']);
    const { id } = (await client.get<{ user: { id: string } }>('/api/me')).body.user;
    expect(mine.body.every((row) => row.userId === id)).toBe(true);
    expect((await clientFrom(server).get('/api/auth/list-accounts')).status).toBe(401);
  });
});

describe.each(DATABASE_KINDS)('rate limits on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers the 4th sign-in in 10 s from one address with 429 and Retry-After', async () => {
    const { email, password } = await signUp(server);
    const client = clientFrom(server);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await client.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
    }
    const fourth = await client.post('/api/auth/sign-in/email', { email, password });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(fourth.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  });

  it('does not lock the owner out after failures from rotating addresses', async () => {
    // Ten failures used to lock the account for everyone for 15 minutes. Failures now block
    // their own address (see limits.test.ts); the account-wide limit is far higher.
    const { email, password } = await signUp(server);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(
        (
          await clientFrom(server).post('/api/auth/sign-in/email', {
            email,
            password: 'wrong-guess',
          })
        ).status,
      ).toBe(401);
    }
    const owner = await clientFrom(server).post('/api/auth/sign-in/email', { email, password });
    expect(owner.status).toBe(200);
  });

  it('sends 3 reset mails an hour per client address, 10 in all, then only to known addresses', async () => {
    const { email } = await signUp(server);
    const before = server.mails.length;
    const ask = (client: TestClient) =>
      client.post<{ error?: { message: string } }>('/api/auth/request-password-reset', { email });
    // One client address: three mails, then it waits (an attacker's address, say).
    const attacker = clientFrom(server);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await ask(attacker)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // That did not use up the owner's: another address still gets its mail.
    expect((await ask(clientFrom(server))).status).toBe(200);
    // Ten in all from any addresses (six more, each from a new one), then unknown ones wait...
    for (let attempt = 0; attempt < 6; attempt += 1) {
      expect((await ask(clientFrom(server))).status).toBe(200);
    }
    const unknown = await ask(clientFrom(server));
    expect(unknown.status).toBe(429);
    expect(unknown.body.error?.message).toBe(LIMIT_MESSAGES.resetMails);
    // ...and an address with no account is counted alike: the 429 tells nothing.
    const nobody = `nobody${Date.now().toString(36)}@example.com`;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const status = (
        await clientFrom(server).post('/api/auth/request-password-reset', { email: nobody })
      ).status;
      expect(status).toBe(200);
    }
    expect(
      (await clientFrom(server).post('/api/auth/request-password-reset', { email: nobody })).status,
    ).toBe(429);
    // The address the account was made from is known to it: the owner still gets a mail.
    expect((await ask(new TestClient(server.url))).status).toBe(200);
    // Mail goes out after the answer: wait for the eleven; the refused asks started none.
    await waitFor(
      () => (server.mails.filter((mail) => mail.to === email).length >= 11 ? true : undefined),
      'eleven reset mails',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.mails.slice(before).filter((mail) => mail.to === email)).toHaveLength(11);
  });

  it('behind a proxy, counts the address the proxy appended, not the entries a client sent before it', async () => {
    const proxied = await startTestServer(kind, { env: { TRUST_PROXY: 'true' } });
    try {
      const { email, password } = await signUp(proxied);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        // The client makes up a fresh first entry each time; the proxy appends the real address.
        const spoofing = new TestClient(proxied.url, {
          'x-forwarded-for': `10.9.9.${String(attempt)}, 203.0.113.77`,
        });
        statuses.push((await spoofing.post('/api/auth/sign-in/email', { email, password })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await proxied.stop();
    }
  });

  it('does not believe X-Forwarded-For without TRUST_PROXY', async () => {
    const strict = await startTestServer(kind);
    try {
      const { email, password } = await signUp(strict);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const rotating = new TestClient(strict.url, { 'x-forwarded-for': `10.9.9.${attempt}` });
        statuses.push((await rotating.post('/api/auth/sign-in/email', { email, password })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await strict.stop();
    }
  });
});
