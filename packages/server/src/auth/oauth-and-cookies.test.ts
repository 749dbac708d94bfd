import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestServer, TestClient, type TestServer } from '../../test/harness';

const HTTPS_ORIGIN = 'https://habitquest.test';

/** The Set-Cookie line of the session token, split into its name and attributes. */
function sessionCookie(headers: Headers) {
  const line = headers.getSetCookie().find((cookie) => cookie.includes('session_token='));
  if (!line) throw new Error(`no session cookie in ${JSON.stringify(headers.getSetCookie())}`);
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  return {
    name: pair.slice(0, pair.indexOf('=')),
    attributes: attributes.map((a) => a.toLowerCase()),
  };
}

async function signUpResponse(client: TestClient, tag: string) {
  return client.post('/api/auth/sign-up/email', {
    email: `${tag}@example.com`,
    username: tag,
    password: 'correct horse',
    name: tag,
  });
}

describe.each(DATABASE_KINDS)('without OAuth credentials, over http, on %s', (kind) => {
  let server: TestServer;
  let client: TestClient;

  beforeAll(async () => {
    server = await startTestServer(kind);
    client = new TestClient(server.url);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('lists no provider, and says so in words when one is asked for', async () => {
    const providers = await new TestClient(server.url).get('/api/auth/providers');
    expect(providers).toMatchObject({
      status: 200,
      body: { providers: { google: false, github: false, discord: false } },
    });
    for (const [provider, label] of [
      ['google', 'Google'],
      ['github', 'GitHub'],
      ['discord', 'Discord'],
    ] as const) {
      const response = await client.post('/api/auth/sign-in/social', {
        provider,
        callbackURL: '/',
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: {
          code: 'VALIDATION',
          message: `Sign-in with ${label} is not set up on this server.`,
        },
      });
    }
    const unknown = await client.post('/api/auth/sign-in/social', { provider: 'toString' });
    expect(unknown.body).toEqual({
      error: {
        code: 'VALIDATION',
        message: 'This sign-in method is not available on this server.',
      },
    });
  });

  it('sets the session cookie httpOnly and SameSite=Lax, not Secure over http', async () => {
    const response = await signUpResponse(client, `plain_${kind}`);
    expect(response.status).toBe(200);
    const cookie = sessionCookie(response.headers);
    expect(cookie.name).toBe('habitquest.session_token');
    expect(cookie.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax']));
    expect(cookie.attributes).not.toContain('secure');
  });
});

describe.each(DATABASE_KINDS)('with GitHub configured, behind https, on %s', (kind) => {
  let server: TestServer;
  let client: TestClient;

  beforeAll(async () => {
    server = await startTestServer(kind, {
      env: {
        PUBLIC_URL: HTTPS_ORIGIN,
        GITHUB_CLIENT_ID: 'fake-github-id',
        GITHUB_CLIENT_SECRET: 'fake-github-secret',
      },
    });
    client = new TestClient(server.url, { origin: HTTPS_ORIGIN });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('turns on only the configured provider', async () => {
    expect((await client.get('/api/auth/providers')).body).toEqual({
      providers: { google: false, github: true, discord: false },
    });
    const google = await client.post('/api/auth/sign-in/social', { provider: 'google' });
    expect(google.status).toBe(400);
    expect(google.body).toMatchObject({
      error: { message: 'Sign-in with Google is not set up on this server.' },
    });
  });

  it("answers Better Auth's redirect to GitHub for the configured provider", async () => {
    const response = await client.post<{ url: string; redirect: boolean }>(
      '/api/auth/sign-in/social',
      { provider: 'github', callbackURL: '/' },
    );
    expect(response.status).toBe(200);
    expect(response.body.redirect).toBe(true);
    const url = new URL(response.body.url);
    expect(url.origin + url.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe('fake-github-id');
    expect(url.searchParams.get('redirect_uri')).toBe(`${HTTPS_ORIGIN}/api/auth/callback/github`);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(response.body.url).not.toContain('fake-github-secret');
  });

  it('marks the session cookie Secure (with the __Secure- prefix), httpOnly and SameSite=Lax', async () => {
    const response = await signUpResponse(client, `secure_${kind}`);
    expect(response.status).toBe(200);
    const cookie = sessionCookie(response.headers);
    expect(cookie.name).toBe('__Secure-habitquest.session_token');
    expect(cookie.attributes).toEqual(
      expect.arrayContaining(['httponly', 'secure', 'samesite=lax', 'path=/']),
    );
    // The client keeps the prefixed cookie, and the session it names works.
    expect((await client.get('/api/me')).status).toBe(200);
  });
});
