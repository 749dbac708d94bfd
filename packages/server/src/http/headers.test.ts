import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  TEST_ORIGIN,
  type TestServer,
} from '../../test/harness';
import { openEvents } from '../../test/sse';

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; socketClosed: Promise<void> };

/**
 * One request over a keep-alive agent, as a browser or a proxy would send it, so the test sees
 * the Connection header and whether the server really closes the socket afterwards.
 */
function rawPost(
  url: string,
  options: { cookie: string; bytes: number; chunked: boolean },
): Promise<RawAnswer> {
  const agent = new http.Agent({ keepAlive: true });
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          origin: TEST_ORIGIN,
          cookie: options.cookie,
          'content-type': 'application/json',
          ...(options.chunked ? {} : { 'content-length': String(options.bytes) }),
        },
      },
      (response) => {
        const socket = response.socket;
        const socketClosed = new Promise<void>((done) => {
          if (socket.destroyed) done();
          else
            socket.once('close', () => {
              done();
            });
        });
        response.resume();
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, headers: response.headers, socketClosed });
          agent.destroy();
        });
      },
    );
    // The server may answer and close before the whole body is sent: that is the point.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    const write = (): void => {
      while (sent < options.bytes) {
        const part = chunk.subarray(0, Math.min(chunk.length, options.bytes - sent));
        sent += part.length;
        if (!request.write(part)) {
          request.once('drain', write);
          return;
        }
      }
      request.end();
    };
    write();
  });
}

function expectSecurityHeaders(headers: Headers | http.IncomingHttpHeaders): void {
  const get = (name: string): string | null | undefined =>
    headers instanceof Headers ? headers.get(name) : (headers[name] as string | undefined);
  expect(get('x-content-type-options')).toBe('nosniff');
  expect(get('x-frame-options')).toBe('SAMEORIGIN');
  expect(get('strict-transport-security')).toBeTruthy();
  expect(get('content-security-policy')).toContain("default-src 'self'");
}

describe.each(DATABASE_KINDS)('answers and their headers on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  it.each([
    ['with a Content-Length', false],
    ['chunked', true],
  ])(
    'a body over the limit (%s) gets 413 with Connection: close, the security headers and no-store',
    async (_, chunked) => {
      const { client } = await signUp(server);
      const answer = await rawPost(`${server.url}/api/habits`, {
        cookie: client.cookieHeader,
        bytes: 1_200_000,
        chunked,
      });
      expect(answer.status).toBe(413);
      expect(answer.headers.connection).toBe('close');
      expectSecurityHeaders(answer.headers);
      expect(answer.headers['cache-control']).toBe('no-store');
      await answer.socketClosed;
    },
  );

  it('sends the security headers on error answers too', async () => {
    const { client } = await signUp(server);
    const unauthenticated = await fetch(`${server.url}/api/me`);
    expect(unauthenticated.status).toBe(401);
    expectSecurityHeaders(unauthenticated.headers);
    const unknown = await client.get('/api/no-such-thing');
    expect(unknown.status).toBe(404);
    expectSecurityHeaders(unknown.headers);
    const badOrigin = await client.post(
      '/api/habits',
      { title: 'x' },
      { origin: 'https://evil.example' },
    );
    expect(badOrigin.status).toBe(403);
    expectSecurityHeaders(badOrigin.headers);
    const invalid = await client.post('/api/habits', { title: '' });
    expect(invalid.status).toBe(400);
    expectSecurityHeaders(invalid.headers);
  });

  it('sends Cache-Control: no-store on every answer with user data, errors and auth included', async () => {
    const { client } = await signUp(server);
    const answers = [
      await client.get('/api/me'),
      await client.get('/api/habits'),
      await client.post('/api/habits', { title: 'Private' }),
      await client.post('/api/habits', { title: '' }),
      await client.get('/api/no-such-thing'),
      await client.get('/api/auth/get-session'),
      await client.get('/api/export'),
      await client.post('/api/auth/sign-in/email', { email: 'nobody@example.com', password: 'x' }),
    ];
    answers.push(await client.get('/api/me', { cookie: 'habitquest.session_token=forged.x' }));
    expect(answers.at(-1)?.status).toBe(401);
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store');

    const stream = await fetch(`${server.url}/api/events`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(stream.headers.get('cache-control')).toContain('no-store');
    expect(stream.headers.get('cache-control')).toContain('no-transform');
    await stream.body?.cancel();
    const events = await openEvents(client);
    await events.next('heartbeat');
    events.close();
  });

  it("keeps the public answers' own caching", async () => {
    for (const path of ['/api/health', '/api/about', '/api/openapi.json']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).not.toBe('no-store');
      expectSecurityHeaders(response.headers);
    }
  });

  it('limits where the page may point <base> and submit forms: its own origin', async () => {
    const response = await fetch(`${server.url}/api/health`);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("base-uri 'self'");
    expect(policy).toContain("form-action 'self'");
  });
});
