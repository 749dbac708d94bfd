/**
 * Request bodies over real HTTP (body-limit.ts): a small JSON body is read straight from Node's
 * request; anything else (no Content-Length, another type, a large body) takes Hono's way. Both
 * must read the same text.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signUp,
  startTestServer,
  TEST_ORIGIN,
  type TestClient,
  type TestServer,
} from '../../test/harness';

describe('request bodies', () => {
  let server: TestServer;
  let client: TestClient;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    ({ client } = await signUp(server));
  });
  afterAll(async () => {
    await server.stop();
  });

  const send = (body: RequestInit['body'], headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/habits`, {
      method: 'POST',
      headers: {
        origin: TEST_ORIGIN,
        cookie: client.cookieHeader,
        'content-type': 'application/json',
        ...headers,
      },
      body,
      // A stream body is sent chunked, with no Content-Length.
      duplex: 'half',
    });

  it('reads UTF-8 as sent, dropping a leading byte order mark, as a web Request does', async () => {
    const title = 'Läsa 📚 ñandú';
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(JSON.stringify({ title }), 'utf8'),
    ]);
    const answer = await send(bytes);
    expect(answer.status).toBe(201);
    expect(((await answer.json()) as { title: string }).title).toBe(title);
  });

  it('takes Hono’s way for a chunked body, and reads the same', async () => {
    const text = JSON.stringify({ title: 'Chunked 🌊' });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(text);
        controller.enqueue(bytes.slice(0, 5));
        controller.enqueue(bytes.slice(5));
        controller.close();
      },
    });
    const answer = await send(stream);
    expect(answer.status).toBe(201);
    expect(((await answer.json()) as { title: string }).title).toBe('Chunked 🌊');
  });

  it('refuses text that is not JSON with a clear error, and changes nothing', async () => {
    const before = (await client.get<unknown[]>('/api/habits')).body.length;
    const answer = await send('{"title": "Unfinished');
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      error: { code: 'VALIDATION', message: 'The request body must be JSON.' },
    });
    expect((await client.get<unknown[]>('/api/habits')).body).toHaveLength(before);
  });
});

describe('a kept-alive connection', () => {
  it('carries more requests after a body read straight from Node’s request', async () => {
    const server = await startTestServer('pglite');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const { client } = await signUp(server);
      const send = (method: string, body?: string) =>
        new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
          const request = http.request(
            `${server.url}/api/habits`,
            {
              method,
              agent,
              headers: {
                origin: TEST_ORIGIN,
                cookie: client.cookieHeader,
                ...(body === undefined
                  ? {}
                  : {
                      'content-type': 'application/json',
                      'content-length': Buffer.byteLength(body),
                    }),
              },
            },
            (response) => {
              response.resume();
              response.on('end', () => {
                resolve({ status: response.statusCode ?? 0, socket: request.socket });
              });
            },
          );
          request.on('error', reject);
          request.end(body);
        });
      const sockets = new Set<unknown>();
      for (let i = 0; i < 5; i += 1) {
        const created = await send('POST', JSON.stringify({ title: `Kept ${String(i)}` }));
        expect(created.status).toBe(201);
        const listed = await send('GET');
        expect(listed.status).toBe(200);
        sockets.add(created.socket).add(listed.socket);
      }
      // One connection served them all: none was closed under the client.
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
      await server.stop();
    }
  });
});
