/**
 * The account limits of limits.ts, each shown over real HTTP on both databases: the sign-in
 * policy (an attacker's address locks only itself out; distributed guessing leaves the owner's
 * known addresses working), sign-ups per address, username checks per address, and wrong current
 * passwords per account. The servers trust X-Forwarded-For, so each client picks its address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../test/harness';
import { mailSent } from '../../test/mail-sink';
import { AUTH_LIMITS } from './limits';
import { LIMIT_MESSAGES } from './routes';

type ErrorBody = { error: { code: string; message: string } };
const ACCOUNT_LIMIT = { windowMs: AUTH_LIMITS.failuresPerAccount.windowMs, max: 15 };

let addressCounter = 0;
/** A fresh client address, never used before in this run. */
function freshAddress(): string {
  addressCounter += 1;
  return `10.77.${String(Math.floor(addressCounter / 250))}.${String(addressCounter % 250)}`;
}
function clientAt(server: TestServer, address = freshAddress()): TestClient {
  return new TestClient(server.url, { 'x-forwarded-for': address });
}

describe.each(DATABASE_KINDS)('the sign-in lockout policy on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    // Every sign-in from one address is limited to 3 per 10 s (tested in accounts.test.ts); it is
    // loosened here so that one address can reach the per-account limits without waiting. The
    // account-wide limit is scaled down from 50 to 15 (three addresses' worth) to keep the test
    // short: each wrong password costs a password hash.
    server = await startTestServer(kind, {
      env: { TRUST_PROXY: 'true' },
      authLimits: {
        signInPerIp: { windowMs: 10_000, max: 1000 },
        failuresPerAccount: ACCOUNT_LIMIT,
      },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  const signIn = (client: TestClient, email: string, password: string) =>
    client.post<ErrorBody>('/api/auth/sign-in/email', { email, password });

  it("an attacker's address locks only itself out; the owner signs in from elsewhere", async () => {
    const { email, password } = await signUp(server);
    const pairMax = AUTH_LIMITS.failuresPerAccountAndIp.max;
    // Two attacking addresses, each up to its own limit: as many failures as used to lock the
    // account for everyone, owner included, for 15 minutes.
    for (let attacker = 0; attacker < 2; attacker += 1) {
      const address = freshAddress();
      for (let attempt = 0; attempt < pairMax; attempt += 1) {
        expect((await signIn(clientAt(server, address), email, 'wrong guess')).status).toBe(401);
      }
      // That address is now refused for this account, even with the right password.
      const blocked = await signIn(clientAt(server, address), email, password);
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toMatchObject({
        code: 'RATE_LIMITED',
        message: LIMIT_MESSAGES.failuresFromHere,
      });
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // The owner, from an address that has never been used with this account, gets in.
    expect((await signIn(clientAt(server), email, password)).status).toBe(200);
  });

  it('a blocked address can still sign in to other accounts', async () => {
    const victim = await signUp(server);
    const other = await signUp(server);
    const address = freshAddress();
    for (let attempt = 0; attempt < AUTH_LIMITS.failuresPerAccountAndIp.max; attempt += 1) {
      await signIn(clientAt(server, address), victim.email, 'wrong guess');
    }
    expect((await signIn(clientAt(server, address), victim.email, victim.password)).status).toBe(
      429,
    );
    expect((await signIn(clientAt(server, address), other.email, other.password)).status).toBe(200);
  });

  it('distributed guessing past the account limit leaves only known addresses able to sign in', async () => {
    const { email, password } = await signUp(server);
    const home = freshAddress();
    expect((await signIn(clientAt(server, home), email, password)).status).toBe(200);

    const perAddress = AUTH_LIMITS.failuresPerAccountAndIp.max;
    const addresses = Math.ceil(ACCOUNT_LIMIT.max / perAddress);
    for (let attacker = 0; attacker < addresses; attacker += 1) {
      const address = freshAddress();
      for (let attempt = 0; attempt < perAddress; attempt += 1) {
        expect((await signIn(clientAt(server, address), email, 'wrong guess')).status).toBe(401);
      }
    }
    // A new address is refused for the rest of the window, even with the right password…
    const stranger = await signIn(clientAt(server), email, password);
    expect(stranger.status).toBe(429);
    expect(stranger.body.error.message).toBe(LIMIT_MESSAGES.accountUnderAttack);
    // …while the address the owner signed in from before still works.
    expect((await signIn(clientAt(server, home), email, password)).status).toBe(200);
    // And a wrong password from home is still counted against home's own limit.
    expect((await signIn(clientAt(server, home), email, 'wrong guess')).status).toBe(401);

    // A reset proves the mailbox: the new address it was made from is the owner's from then on.
    const away = freshAddress();
    const sentBefore = server.mails.length;
    await clientAt(server, away).post('/api/auth/request-password-reset', {
      email,
      redirectTo: '/auth/update-password',
    });
    const link = /update-password\?token=([^\s"]+)/.exec(
      (await mailSent(server, email, sentBefore)).text,
    );
    const reset = await clientAt(server, away).post('/api/auth/reset-password', {
      token: decodeURIComponent(link?.[1] ?? ''),
      newPassword: 'a fresh start',
    });
    expect(reset.status).toBe(200);
    expect((await signIn(clientAt(server, away), email, 'a fresh start')).status).toBe(200);
    expect((await signIn(clientAt(server), email, 'a fresh start')).status).toBe(429);
  }, 120_000);

  it('wrong guesses sent at once from one address are held to its limit', async () => {
    const { email, password } = await signUp(server);
    const address = freshAddress();
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        signIn(clientAt(server, address), email, `burst guess ${String(index)}`),
      ),
    );
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(
      AUTH_LIMITS.failuresPerAccountAndIp.max,
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      12 - AUTH_LIMITS.failuresPerAccountAndIp.max,
    );
    expect((await signIn(clientAt(server, address), email, password)).status).toBe(429);
    // A right password is not a failure: it gives its count back.
    const home = freshAddress();
    for (let attempt = 0; attempt < 8; attempt += 1)
      expect((await signIn(clientAt(server, home), email, password)).status).toBe(200);
  }, 60_000);
});

describe.each(DATABASE_KINDS)(
  'sign-up, username-check and change-password limits on %s',
  (kind) => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer(kind, {
        env: { TRUST_PROXY: 'true' },
        // The real sign-up limit (test servers loosen it by default).
        authLimits: { signUpsPerIp: AUTH_LIMITS.signUpsPerIp },
      });
    });
    afterAll(async () => {
      await server.stop();
    });

    it('creates at most 10 accounts per address per hour', async () => {
      const address = freshAddress();
      const statuses: number[] = [];
      for (let index = 0; index <= AUTH_LIMITS.signUpsPerIp.max; index += 1) {
        const tag = `${Date.now().toString(36)}${String(index)}`;
        const response = await clientAt(server, address).post<ErrorBody>(
          '/api/auth/sign-up/email',
          {
            email: `many${tag}@example.com`,
            username: `many_${tag}`,
            password: 'correct horse',
            name: 'many',
          },
        );
        statuses.push(response.status);
        if (response.status === 429) {
          expect(response.body.error).toMatchObject({
            code: 'RATE_LIMITED',
            message: LIMIT_MESSAGES.signUps,
          });
          expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(3000);
        }
      }
      expect(statuses).toEqual([...Array<number>(AUTH_LIMITS.signUpsPerIp.max).fill(200), 429]);
      // Another address is not affected.
      const tag = Date.now().toString(36);
      const elsewhere = await clientAt(server).post('/api/auth/sign-up/email', {
        email: `other${tag}@example.com`,
        username: `other_${tag}`,
        password: 'correct horse',
        name: 'other',
      });
      expect(elsewhere.status).toBe(200);
    });

    it('answers at most 30 username checks per address in 10 minutes', async () => {
      const { username } = await signUp(server, {});
      const address = freshAddress();
      for (let index = 0; index < AUTH_LIMITS.usernameChecksPerIp.max; index += 1) {
        const check = await clientAt(server, address).post('/api/auth/is-username-available', {
          username: index % 2 === 0 ? username : `free_${String(index)}_${Date.now().toString(36)}`,
        });
        expect(check.status).toBe(200);
        expect(check.body).toEqual({ available: index % 2 !== 0 });
      }
      const limited = await clientAt(server, address).post<ErrorBody>(
        '/api/auth/is-username-available',
        { username },
      );
      expect(limited.status).toBe(429);
      expect(limited.body.error.message).toBe(LIMIT_MESSAGES.usernameChecks);
      expect(
        (await clientAt(server).post('/api/auth/is-username-available', { username })).status,
      ).toBe(200);
    });

    it("counts a rename against the address's username checks, since 'already taken' says as much", async () => {
      const taken = await signUp(server);
      const { email, password, username } = await signUp(server);
      const client = clientAt(server);
      expect((await client.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
      const max = AUTH_LIMITS.usernameChecksPerIp.max;
      for (let index = 0; index < max - 1; index += 1) {
        const check = await client.post('/api/auth/is-username-available', {
          username: taken.username,
        });
        expect(check.status).toBe(200);
      }
      // The last check of the window, made by a rename: answered as usual.
      expect((await client.patch('/api/profile', { username: taken.username })).status).toBe(409);
      const limited = await client.patch<ErrorBody>('/api/profile', { username: taken.username });
      expect(limited.status).toBe(429);
      expect(limited.body.error).toMatchObject({
        code: 'RATE_LIMITED',
        message: LIMIT_MESSAGES.usernameChecks,
      });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // One budget for both ways, and a refused rename changes nothing.
      const check = await client.post('/api/auth/is-username-available', { username: 'free_x' });
      expect(check.status).toBe(429);
      const free = `free_${Date.now().toString(36)}`;
      expect((await client.patch('/api/profile', { username: free })).status).toBe(429);
      const me = await client.get<{ user: { username: string } }>('/api/me');
      expect(me.body.user.username).toBe(username);
    });

    it('refuses change-password after 5 wrong current passwords, even the right one', async () => {
      const { client, password } = await signUp(server);
      const change = (currentPassword: string) =>
        client.post<ErrorBody & { code?: string }>('/api/auth/change-password', {
          currentPassword,
          newPassword: 'a brand new password',
        });
      for (
        let attempt = 0;
        attempt < AUTH_LIMITS.passwordChangeFailuresPerAccount.max;
        attempt += 1
      ) {
        const wrong = await change(`guess number ${String(attempt)}`);
        expect(wrong.status).toBe(400);
        expect(wrong.body.code).toBe('INVALID_PASSWORD');
      }
      const limited = await change(password);
      expect(limited.status).toBe(429);
      expect(limited.body.error.message).toBe(LIMIT_MESSAGES.passwordChange);

      // verify-password checks the same password and shares the same counter.
      const verify = await client.post<ErrorBody>('/api/auth/verify-password', { password });
      expect(verify.status).toBe(429);

      // Another account's changes are not affected, and a right password is not counted.
      const other = await signUp(server);
      const changed = await other.client.post('/api/auth/change-password', {
        currentPassword: other.password,
        newPassword: 'a brand new password',
      });
      expect(changed.status).toBe(200);
    });

    it('holds current-password guesses sent at once to the limit; right ones are not counted', async () => {
      const { client, password } = await signUp(server);
      const max = AUTH_LIMITS.passwordChangeFailuresPerAccount.max;
      // Right passwords first: none of them is a failure.
      for (let attempt = 0; attempt < max + 2; attempt += 1)
        expect((await client.post('/api/auth/verify-password', { password })).status).toBe(200);
      const burst = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          client.post('/api/auth/verify-password', { password: `burst ${String(index)}` }),
        ),
      );
      const statuses = burst.map((response) => response.status);
      expect(statuses.filter((status) => status === 400)).toHaveLength(max);
      expect(statuses.filter((status) => status === 429)).toHaveLength(20 - max);
      expect((await client.post('/api/auth/verify-password', { password })).status).toBe(429);
    });

    it('counts wrong passwords given to verify-password against change-password too', async () => {
      const { client, password } = await signUp(server);
      const max = AUTH_LIMITS.passwordChangeFailuresPerAccount.max;
      for (let attempt = 0; attempt < max; attempt += 1) {
        const wrong = await client.post('/api/auth/verify-password', {
          password: `guess ${String(attempt)}`,
        });
        expect(wrong.status).toBe(400);
      }
      const limited = await client.post<ErrorBody>('/api/auth/change-password', {
        currentPassword: password,
        newPassword: 'a brand new password',
      });
      expect(limited.status).toBe(429);
    });
  },
);
