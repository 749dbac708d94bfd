/**
 * What goes over the wire, seen over real HTTP with the raw bytes (node:http, which, unlike
 * fetch, decompresses nothing): the built web app precompressed (brotli, gzip) and cached by
 * name, index.html revalidated, API answers compressed, and the event stream never compressed.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, TEST_ORIGIN, type TestServer } from '../test/harness';

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One request, its answer's bytes as they came (nothing decompressed). */
function send(
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        });
      });
    });
    request.on('error', reject);
    request.end(body);
  });
}

function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return send('GET', url, headers);
}

const SCRIPT = `export const words = ${JSON.stringify('habit quest '.repeat(4000))};`;
/** As large as the real one (about 3 KB): the smallest answers (under 1 KB) are sent as they are. */
const INDEX = `<!doctype html><head><meta name="description" content="${'A habit tracker. '.repeat(120)}"><script type="module" src="/assets/app-abc123.js"></script></head><div id="root"></div>`;

describe('compression and caching over HTTP', () => {
  let server: TestServer;

  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'hq-web-wire-'));
    mkdirSync(path.join(webDist, 'assets'));
    // What the build writes (scripts/precompress.mjs): the file, its .br and its .gz.
    writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), SCRIPT);
    writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));
    writeFileSync(path.join(webDist, 'index.html'), INDEX);
    server = await startTestServer('pglite', { env: { WEB_DIST: webDist } });
  });

  afterAll(async () => {
    await server.stop();
  });

  it('sends a built script as brotli, gzip or plain by what the browser accepts, cached forever', async () => {
    const url = `${server.url}/assets/app-abc123.js`;
    const brotli = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    const plain = await get(url);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(SCRIPT);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(brotli.body.length).toBeLessThan(SCRIPT.length / 10);
    for (const answer of [brotli, gzip, plain]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toContain('javascript');
      expect(answer.headers.vary).toContain('Accept-Encoding');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    }
  });

  it('sends index.html compressed and to be checked at each use, never kept as immutable', async () => {
    for (const route of ['/', '/welcome']) {
      const page = await get(`${server.url}${route}`, { 'accept-encoding': 'gzip, deflate, br' });
      expect(page.status, route).toBe(200);
      expect(page.headers['cache-control'], route).toBe('no-cache');
      expect(page.headers.vary, route).toContain('Accept-Encoding');
      expect(page.headers['content-type'], route).toContain('text/html');
      const encoding = page.headers['content-encoding'];
      expect(['br', 'gzip'], route).toContain(encoding);
      const html = encoding === 'br' ? brotliDecompressSync(page.body) : gunzipSync(page.body);
      expect(html.toString(), route).toBe(INDEX);
    }
    const first = await get(`${server.url}/`);
    const again = await get(`${server.url}/`, {
      'if-modified-since': String(first.headers['last-modified']),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('compresses API answers with gzip for clients that accept it, and not for others', async () => {
    const { client } = await signUp(server);
    for (let i = 0; i < 5; i += 1)
      await client.post('/api/habits', { title: `Habit ${String(i)}` });
    const url = `${server.url}/api/habits`;
    const cookie = client.cookieHeader;
    const compressed = await get(url, { cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(compressed.status).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers.vary).toContain('Accept-Encoding');
    expect(compressed.headers['cache-control']).toBe('no-store');
    const habits = JSON.parse(gunzipSync(compressed.body).toString()) as unknown[];
    expect(habits).toHaveLength(5);
    // Gzip'd in one piece (http/json-answer.ts), so its length is known.
    expect(compressed.headers['content-length']).toBe(String(compressed.body.length));
    for (const refused of ['gzip;q=0, deflate', 'br', '*;q=0']) {
      const answer = await get(url, { cookie, 'accept-encoding': refused });
      expect(answer.headers['content-encoding'], refused).not.toBe('gzip');
    }
    const anything = await get(url, { cookie, 'accept-encoding': '*' });
    expect(anything.headers['content-encoding']).toBe('gzip');
    const plain = await get(url, { cookie, 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(habits);
    // Sent as it is, still marked as depending on Accept-Encoding (http/compress.ts), with or
    // without the header, and with the other headers every answer carries.
    const asked: Record<string, string>[] = [{ cookie, 'accept-encoding': 'identity' }, { cookie }];
    for (const headers of asked) {
      const answer = await get(url, headers);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(answer.headers['content-type']).toBe('application/json');
      expect(answer.headers['content-length']).toBe(String(answer.body.length));
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(JSON.parse(answer.body.toString())).toEqual(habits);
    }
  });

  it('sends an answer under 1 KB as it is, whatever the client accepts: gzip would cost more than it saves', async () => {
    const { client } = await signUp(server);
    const habit = await client.post<{ id: string }>('/api/habits', { title: 'Read' });
    // UTC's yesterday is never in the future, whatever the account's time zone.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const put = (headers: Record<string, string>): Promise<Raw> =>
      send(
        'PUT',
        `${server.url}/api/habits/${habit.body.id}/completions/${yesterday}`,
        {
          cookie: client.cookieHeader,
          origin: TEST_ORIGIN,
          'content-type': 'application/json',
          ...headers,
        },
        JSON.stringify({ completed: true }),
      );
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    // The web app's way (an Idempotency-Key on every change) and without one.
    for (const headers of [browser, { ...browser, 'idempotency-key': 'small-answer-key-1' }]) {
      const answer = await put(headers);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['transfer-encoding']).toBeUndefined();
      expect(answer.headers['content-length']).toBe(String(answer.body.length));
      expect(answer.body.length).toBeLessThan(1024);
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(JSON.parse(answer.body.toString())).toMatchObject({ progress: { xp: 10 } });
    }
    const me = await get(`${server.url}/api/me`, { cookie: client.cookieHeader, ...browser });
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(me.headers['content-length']).toBe(String(me.body.length));
    expect(me.headers.vary).toBe('Accept-Encoding');
    // Errors and a replayed answer as well: each plain, with its length.
    const replayed = await put({ ...browser, 'idempotency-key': 'small-answer-key-1' });
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    const refused = await send(
      'PUT',
      `${server.url}/api/habits/${habit.body.id}/completions/not-a-date`,
      {
        cookie: client.cookieHeader,
        origin: TEST_ORIGIN,
        'content-type': 'application/json',
        ...browser,
      },
      JSON.stringify({ completed: true }),
    );
    const missing = await get(`${server.url}/api/no-such-route`, {
      cookie: client.cookieHeader,
      ...browser,
    });
    expect([replayed.status, refused.status, missing.status]).toEqual([200, 400, 404]);
    for (const answer of [replayed, refused, missing]) {
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['content-length']).toBe(String(answer.body.length));
      expect(answer.headers.vary).toBe('Accept-Encoding');
    }
    expect(JSON.parse(refused.body.toString())).toMatchObject({ error: { code: 'VALIDATION' } });
  });

  it("sends the export, a stream of JSON of unknown length, gzip'd as it comes", async () => {
    const { client } = await signUp(server);
    await client.post('/api/habits', { title: 'Read' });
    const exported = await get(`${server.url}/api/export`, {
      cookie: client.cookieHeader,
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(exported.status).toBe(200);
    expect(exported.headers['content-encoding']).toBe('gzip');
    expect(exported.headers['content-length']).toBeUndefined();
    expect(exported.headers['transfer-encoding']).toBe('chunked');
    const file = JSON.parse(gunzipSync(exported.body).toString()) as {
      data: { habits: unknown[] };
    };
    expect(file.data.habits).toHaveLength(1);
  });

  it('never compresses the event stream: each event arrives as it happens, as plain text', async () => {
    const { client } = await signUp(server);
    const frames: string[] = [];
    let onFrame: (() => void) | null = null;
    const request = http.get(`${server.url}/api/events`, {
      headers: { cookie: client.cookieHeader, 'accept-encoding': 'gzip, deflate, br' },
    });
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      request.on('response', resolve).on('error', reject);
    });
    try {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/event-stream');
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['cache-control']).toContain('no-transform');
      response.setEncoding('utf8');
      response.on('data', (text: string) => {
        frames.push(text);
        onFrame?.();
      });
      const arrival = (pattern: RegExp) =>
        new Promise<void>((resolve) => {
          const check = () => {
            if (pattern.test(frames.join(''))) resolve();
          };
          onFrame = check;
          check();
        });
      await arrival(/event: heartbeat/);
      // The stream is still open: a change made now arrives on it, not when it ends.
      await client.post('/api/habits', { title: 'Seen live' });
      await arrival(/Seen live|event: habits/);
      expect(response.complete).toBe(false);
    } finally {
      request.destroy();
    }
  });
});
