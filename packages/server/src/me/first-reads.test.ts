import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { firstScreenReads } from '@habitquest/contracts/first-reads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, signUp, startTestServer, type TestServer } from '../../test/harness';
import { FIRST_READS_META } from '../web-app';

/** The paths a page names in its meta element, or null when it names none. */
function namedReads(html: string): string[] | null {
  const match = new RegExp(`<meta name="${FIRST_READS_META}" content="([^"]*)"`).exec(html);
  if (!match?.[1]) return null;
  const json = match[1].replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
  return JSON.parse(json) as string[];
}

describe.each(DATABASE_KINDS)("the dashboard page names the user's first reads on %s", (kind) => {
  let server: TestServer;
  let webDist: string;
  // 31 December, 15:30 in UTC: already New Year's Day in Tokyo, still 31 December in New York.
  const now = new Date('2026-12-31T15:30:00Z');

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'hq-first-reads-'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><script>boot()</script></head><body></body></html>',
    );
    server = await startTestServer(kind, { env: { WEB_DIST: webDist }, now: () => now });
  });
  afterAll(async () => {
    await server.stop();
    rmSync(webDist, { recursive: true, force: true });
  });

  // A browser's navigation: fetch() may not send Sec-Fetch-Mode (a forbidden header), so
  // plain HTTP.
  const page = (cookie: string | undefined) =>
    new Promise<{ reads: string[] | null; cacheControl: string | undefined }>((resolve, reject) => {
      const request = http.get(
        `${server.url}/`,
        { headers: { 'sec-fetch-mode': 'navigate', ...(cookie ? { cookie } : {}) } },
        (response) => {
          let html = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (html += chunk));
          response.on('end', () => {
            expect(response.statusCode).toBe(200);
            resolve({ reads: namedReads(html), cacheControl: response.headers['cache-control'] });
          });
        },
      );
      request.on('error', reject);
    });

  it("with today's year in the user's zone, whatever their week start", async () => {
    const tokyo = await signUp(server);
    await tokyo.client.patch('/api/settings', { timeZone: 'Asia/Tokyo', weekStart: 1 });
    const named = await page(tokyo.client.cookieHeader);
    expect(named.cacheControl).toBe('private, no-cache');
    // New Year's Day in Tokyo: 2027's window.
    expect(named.reads).toEqual(firstScreenReads('2027-01-01'));
    expect(named.reads).toContain('/api/completions/columns?from=2026-12-26&to=2028-01-06');
    // Each is a read the server answers for that user, at the revision of their data.
    for (const read of named.reads ?? []) {
      const answer = await tokyo.client.get(read);
      expect(answer.status, read).toBe(200);
    }

    const newYork = await signUp(server);
    await newYork.client.patch('/api/settings', { timeZone: 'America/New_York', weekStart: 0 });
    expect((await page(newYork.client.cookieHeader)).reads).toContain(
      '/api/completions/columns?from=2025-12-26&to=2027-01-06',
    );
  });

  it('names none to a visitor or an ended session', async () => {
    expect((await page(undefined)).reads).toBeNull();
    const { client } = await signUp(server);
    const cookie = client.cookieHeader;
    expect((await page(cookie)).reads).not.toBeNull();
    await client.post('/api/auth/sign-out', {});
    const ended = await page(cookie);
    expect(ended.reads).toBeNull();
    expect(ended.cacheControl).toBe('no-cache');
  });
});
