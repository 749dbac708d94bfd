import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gzipSync, brotliCompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env';
import { createLogger } from './logger';
import {
  buildIdOf,
  FIRST_READS_META,
  isNotModified,
  looksLikeFile,
  mountWebApp,
  withFirstReads,
  type FirstReadsFor,
} from './web-app';

/** As the web build writes it: boot.js inline, then the entry module. */
const BOOT = (build: string) => `document.documentElement.dataset.build = '${build}';`;
const INDEX = (entry: string) =>
  `<!doctype html><head><script>${BOOT(entry)}</script><script type="module" crossorigin src="${entry}"></script></head><div id="root"></div>`;
/** What a browser compares an inline script with: the SHA-256 of its text, in base64. */
const hashOf = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
const scriptSources = (response: Response): string[] =>
  /(?:^|;\s*)script-src ([^;]*)/
    .exec(response.headers.get('content-security-policy') ?? '')?.[1]
    ?.split(' ') ?? [];

describe('the built web app', () => {
  let app: Hono<AppEnv>;
  let webDist: string;

  beforeAll(() => {
    webDist = mkdtempSync(path.join(tmpdir(), 'hq-web-app-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), INDEX('/assets/index-aaa111.js'));
    writeFileSync(path.join(webDist, 'assets', 'index-aaa111.js'), 'console.log(1)');
    writeFileSync(path.join(webDist, 'favicon.svg'), '<svg/>');
    // The service worker (with its precompressed copy, as for any big script) and the manifest.
    const sw = `self.__precache = ${JSON.stringify('/assets/index-aaa111.js '.repeat(100))};`;
    writeFileSync(path.join(webDist, 'sw.js'), sw);
    writeFileSync(path.join(webDist, 'sw.js.br'), brotliCompressSync(sw));
    writeFileSync(
      path.join(webDist, 'manifest.webmanifest'),
      JSON.stringify({ name: 'HabitQuest', start_url: '/', display: 'standalone' }),
    );
    // What scripts/precompress.mjs writes beside a big enough text file.
    const big = `export const words = ${JSON.stringify('habit '.repeat(2000))};`;
    writeFileSync(path.join(webDist, 'assets', 'big-ccc333.js'), big);
    writeFileSync(path.join(webDist, 'assets', 'big-ccc333.js.br'), brotliCompressSync(big));
    writeFileSync(path.join(webDist, 'assets', 'big-ccc333.js.gz'), gzipSync(big));
    app = new Hono<AppEnv>();
    mountWebApp(app, webDist, createLogger('silent'));
  });

  it('serves a hashed asset that exists, cached forever', async () => {
    const response = await app.request('/assets/index-aaa111.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('sends the precompressed file the browser accepts, and the plain one otherwise', async () => {
    const brotli = await app.request('/assets/big-ccc333.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toContain('Accept-Encoding');
    expect(brotli.headers.get('content-type')).toContain('javascript');
    expect(brotli.headers.get('cache-control')).toContain('immutable');
    const body = Buffer.from(await brotli.arrayBuffer());
    expect(brotliDecompressSync(body).toString()).toContain('habit habit');
    const gzip = await app.request('/assets/big-ccc333.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const plain = await app.request('/assets/big-ccc333.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('habit habit');
  });

  it('serves index.html at / and the unhashed files to be checked at each use, never immutable', async () => {
    for (const file of ['/', '/index.html', '/favicon.svg']) {
      const response = await app.request(file, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(response.status, file).toBe(200);
      expect(response.headers.get('cache-control'), file).toBe('no-cache');
    }
  });

  it('answers 304 without a body when the copy the browser has is current', async () => {
    const first = await app.request('/favicon.svg');
    const lastModified = first.headers.get('last-modified') ?? '';
    expect(lastModified).not.toBe('');
    const again = await app.request('/favicon.svg', {
      headers: { 'if-modified-since': lastModified },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('cache-control')).toBe('no-cache');
    // A copy older than the file gets the file.
    const older = await app.request('/favicon.svg', {
      headers: { 'if-modified-since': new Date(Date.parse(lastModified) - 60_000).toUTCString() },
    });
    expect(older.status).toBe(200);
    expect(await older.text()).toBe('<svg/>');
  });

  it('serves the service worker to be checked at each update, not cached forever', async () => {
    for (const encoding of ['', 'gzip, deflate, br']) {
      const response = await app.request('/sw.js', { headers: { 'accept-encoding': encoding } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-type')).toContain('javascript');
    }
    // Its scripts keep theirs: only sw.js itself must be fetched afresh.
    const asset = await app.request('/assets/index-aaa111.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('serves the web app manifest as application/manifest+json', async () => {
    const response = await app.request('/manifest.webmanifest');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/manifest+json');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toMatchObject({ name: 'HabitQuest', display: 'standalone' });
  });

  it('answers 404, not index.html, for an asset that is gone (a tab open across a redeploy)', async () => {
    const response = await app.request('/assets/AnalyticsModal-gone1234.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).not.toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).not.toContain('<div id="root">');
  });

  it('answers 404 for any missing path that names a file', async () => {
    for (const missing of ['/logo.png', '/sounds/missing.mp3', '/robots.txt', '/a/b/c.js.map']) {
      expect((await app.request(missing)).status, missing).toBe(404);
    }
    expect((await app.request('/favicon.svg')).status).toBe(200);
  });

  it('still answers client routes with index.html', async () => {
    for (const route of ['/', '/welcome', '/auth/update-password?token=x', '/no-such-page']) {
      const response = await app.request(route);
      expect(response.status, route).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it("allows index.html's inline script by its hash, wherever the page is answered", async () => {
    const pages = [
      await app.request('/'),
      await app.request('/', { headers: { 'accept-encoding': 'gzip, br' } }),
      await app.request('/index.html'),
      await app.request('/welcome'),
    ];
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(scriptSources(page)).toEqual(["'self'", hashOf(BOOT('/assets/index-aaa111.js'))]);
    }
    // Other answers set no policy here (the app's own, without hashes, is added around them).
    for (const file of ['/assets/index-aaa111.js', '/favicon.svg', '/assets/gone-000.js']) {
      expect((await app.request(file)).headers.get('content-security-policy'), file).toBeNull();
    }
  });

  it('tells which build it serves, read afresh after a redeploy', async () => {
    const before = await app.request('/build.json');
    expect(before.headers.get('cache-control')).toBe('no-store');
    expect(await before.json()).toEqual({ build: '/assets/index-aaa111.js' });
    writeFileSync(path.join(webDist, 'index.html'), INDEX('/assets/index-bbb222.js'));
    expect(await (await app.request('/build.json')).json()).toEqual({
      build: '/assets/index-bbb222.js',
    });
    // The new page's inline script is the one allowed.
    expect(scriptSources(await app.request('/'))).toEqual([
      "'self'",
      hashOf(BOOT('/assets/index-bbb222.js')),
    ]);
  });
});

describe('build ids and file-like paths', () => {
  it('finds the entry script, not the inline boot script', () => {
    expect(buildIdOf(INDEX('/assets/index-x.js'))).toBe('/assets/index-x.js');
    expect(buildIdOf('<div id="root"></div>')).toBeNull();
  });

  it('compares If-Modified-Since with Last-Modified, ignoring what is not a date', () => {
    const modified = 'Tue, 24 Nov 2026 19:33:16 GMT';
    expect(isNotModified(modified, modified)).toBe(true);
    expect(isNotModified('Tue, 24 Nov 2026 19:33:17 GMT', modified)).toBe(true);
    expect(isNotModified('Tue, 24 Nov 2026 19:33:15 GMT', modified)).toBe(false);
    expect(isNotModified('yesterday', modified)).toBe(false);
    expect(isNotModified(undefined, modified)).toBe(false);
    expect(isNotModified(modified, null)).toBe(false);
  });

  it('tells files from pages', () => {
    expect(looksLikeFile('/assets/x')).toBe(true);
    expect(looksLikeFile('/x.webmanifest')).toBe(true);
    expect(looksLikeFile('/')).toBe(false);
    expect(looksLikeFile('/auth/update-password')).toBe(false);
    expect(looksLikeFile('/billing/success')).toBe(false);
  });
});

describe("a signed-in page names its first screen's reads", () => {
  const reads = ['/api/me', '/api/skips?from=2026-12-28&to=2028-01-02'];
  let webDist: string;
  const mounted = (firstReadsFor: FirstReadsFor): Hono<AppEnv> => {
    const app = new Hono<AppEnv>();
    mountWebApp(app, webDist, createLogger('silent'), firstReadsFor);
    return app;
  };
  const navigate = { 'sec-fetch-mode': 'navigate', cookie: 'habitquest.session_token=t.s' };

  beforeAll(() => {
    webDist = mkdtempSync(path.join(tmpdir(), 'hq-web-reads-'));
    writeFileSync(path.join(webDist, 'index.html'), INDEX('/assets/index-aaa111.js'));
  });

  it('in a meta element before boot.js, escaped, for that browser alone', async () => {
    const asked: (string | undefined)[] = [];
    const app = mounted((cookie) => {
      asked.push(cookie);
      return Promise.resolve(reads);
    });
    const page = await app.request('/', { headers: navigate });
    expect(page.status).toBe(200);
    expect(asked).toEqual([navigate.cookie]);
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    expect(page.headers.get('vary')).toContain('Cookie');
    const html = await page.text();
    const meta = `<meta name="${FIRST_READS_META}" content="[&#34;/api/me&#34;,&#34;/api/skips?from=2026-12-28&#38;to=2028-01-02&#34;]" />`;
    expect(html).toContain(`<head>${meta}<script>${BOOT('/assets/index-aaa111.js')}`);
    expect(buildIdOf(html)).toBe('/assets/index-aaa111.js');
    expect(scriptSources(page)).toEqual(["'self'", hashOf(BOOT('/assets/index-aaa111.js'))]);
  });

  it('names none to a visitor, to a fetch that is no navigation, or when the names cannot be had', async () => {
    const visitor = mounted(() => Promise.resolve(null));
    const failing = mounted(() => Promise.reject(new Error('database down')));
    const named = mounted(() => Promise.resolve(reads));
    const pages = [
      await visitor.request('/', { headers: navigate }),
      await failing.request('/', { headers: navigate }),
      // The service worker's copy of the shell is fetched, not navigated to.
      await named.request('/', { headers: { cookie: navigate.cookie, 'sec-fetch-mode': 'cors' } }),
    ];
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).not.toContain(FIRST_READS_META);
    }
  });

  it('withFirstReads puts the element first in the head, whatever its attributes', () => {
    expect(withFirstReads('<html><head lang="en"><title>x</title></head>', ['/api/me'])).toBe(
      `<html><head lang="en"><meta name="${FIRST_READS_META}" content="[&#34;/api/me&#34;]" /><title>x</title></head>`,
    );
  });
});
