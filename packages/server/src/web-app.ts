import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './app-env';
import { contentSecurityPolicy, inlineScriptHashes } from './http/content-security-policy';
import type { Logger } from './logger';

/** The path where the web app asks which build the server serves now (see `buildIdOf`). */
export const BUILD_ID_PATH = '/build.json';

/** The service worker the web app registers (packages/web/src/sw.ts), scoped to the whole site. */
export const SERVICE_WORKER_PATH = '/sw.js';

/** The web app manifest (packages/web/public/manifest.webmanifest): what an installed app is. */
export const MANIFEST_PATH = '/manifest.webmanifest';

/**
 * The build an index.html starts: its entry script, e.g. `/assets/index-QpZOyo8J.js`. Its name
 * carries a content hash, so a new deployment has a new one; open tabs compare it with their own.
 */
export function buildIdOf(indexHtml: string): string | null {
  return /<script[^>]*type="module"[^>]*src="([^"]+)"/.exec(indexHtml)?.[1] ?? null;
}

/**
 * A path that names a file (`/assets/…`, or a last segment with an extension such as
 * `/favicon.png`) rather than a page of the app.
 */
export function looksLikeFile(requestPath: string): boolean {
  return requestPath.startsWith('/assets/') || /\/[^/]*\.[a-z0-9]{1,12}$/i.test(requestPath);
}

/** If-Modified-Since at or after the file's Last-Modified (HTTP dates, whole seconds). */
export function isNotModified(ifModifiedSince: string | undefined, lastModified: string | null) {
  if (!ifModifiedSince || !lastModified) return false;
  const since = Date.parse(ifModifiedSince);
  const modified = Date.parse(lastModified);
  return Number.isFinite(since) && Number.isFinite(modified) && modified <= since;
}

/** The first screen's reads for the session of a Cookie header, or null for a visitor. */
export type FirstReadsFor = (cookieHeader: string | undefined) => Promise<string[] | null>;

/** The name of the meta element boot.js (inline in index.html) reads the first reads from. */
export const FIRST_READS_META = 'habitquest-first-reads';

/** index.html with a meta element naming the reads, first in its head (before boot.js runs). */
export function withFirstReads(indexHtml: string, reads: readonly string[]): string {
  const json = JSON.stringify(reads).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return indexHtml.replace(
    /<head[^>]*>/i,
    (head) => `${head}<meta name="${FIRST_READS_META}" content="${json}" />`,
  );
}

/**
 * Serves the built SPA; any unknown page path gets index.html so client-side routes load. A
 * missing file answers 404: a tab left open across a redeploy asks for chunks that are gone, and
 * index.html in their place would fail as a script in ways the app cannot tell apart.
 */
export function mountWebApp(
  app: Hono<AppEnv>,
  webDist: string,
  logger: Logger,
  firstReadsFor?: FirstReadsFor,
): void {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    logger.warn({ webDist }, 'web app not built: run `npm run build` (npm start does it for you)');
    app.get('*', (c) =>
      c.text('HabitQuest: the web app is not built yet. Run `npm start`, which builds it.', 503),
    );
    return;
  }
  const root = path.relative(process.cwd(), webDist) || '.';
  // index.html carries an inline script (the web build inlines boot.js): every answer that is the
  // page allows that script by its hash, read from the file as it is now.
  app.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.get('Content-Type')?.startsWith('text/html')) return;
    const hashes = inlineScriptHashes(await readFile(indexFile, 'utf8'));
    c.res.headers.set('Content-Security-Policy', contentSecurityPolicy(hashes));
  });
  app.use('/assets/*', async (c, next) => {
    await next();
    // File names under /assets carry a content hash, so they never change.
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // Not cached like /assets: the browser compares sw.js with the server's at each check, and a
  // new deployment is a new sw.js (its precache list) that must be seen at once. no-cache lets a
  // cache keep it only if it asks the server again before each use.
  app.use(SERVICE_WORKER_PATH, async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'no-cache');
  });
  app.use(MANIFEST_PATH, async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    c.header('Content-Type', 'application/manifest+json');
    c.header('Cache-Control', 'no-cache');
  });
  // Read at each request, like index.html below: a dist replaced under a running server counts.
  app.get(BUILD_ID_PATH, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ build: buildIdOf(await readFile(indexFile, 'utf8')) });
  });
  // The other files keep their names across deployments (index.html at / included, icons,
  // sounds): a browser may keep them but must ask first, and a file that has not changed since
  // its copy answers 304 without a body.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.status !== 200 || !c.res.headers.has('Last-Modified')) return;
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-cache');
    if (isNotModified(c.req.header('If-Modified-Since'), c.res.headers.get('Last-Modified'))) {
      await c.res.body?.cancel();
      const headers = new Headers(c.res.headers);
      headers.delete('Content-Length');
      headers.delete('Content-Encoding');
      c.res = new Response(null, { status: 304, headers });
    }
  });
  // A signed-in browser opening the dashboard gets index.html with its first screen's reads named
  // (withFirstReads): boot.js starts them while the app downloads. Only for a navigation:
  // the service worker's copy of the shell (fetched by it, not navigated to) names nobody's.
  if (firstReadsFor) {
    app.get('/', async (c, next) => {
      if (c.req.header('sec-fetch-mode') !== 'navigate') return next();
      let reads: string[] | null = null;
      try {
        reads = await firstReadsFor(c.req.header('cookie'));
      } catch (error) {
        // Only a speed-up is lost: the page goes as it is.
        logger.warn({ err: error }, 'could not name the first reads of a page');
      }
      if (reads === null) return next();
      // One user's page: no shared cache may keep it, and a browser must ask again each time.
      c.header('Cache-Control', 'private, no-cache');
      c.header('Vary', 'Cookie');
      return c.html(withFirstReads(await readFile(indexFile, 'utf8'), reads));
    });
  }
  // The build writes .br and .gz beside each text file (scripts/precompress.mjs): sent as such to
  // browsers that accept them, with Vary: Accept-Encoding.
  app.use('*', serveStatic({ root, precompressed: true }));
  app.get('*', async (c) => {
    if (looksLikeFile(c.req.path)) {
      c.header('Cache-Control', 'no-store');
      return c.text('Not found', 404);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(await readFile(indexFile, 'utf8'));
  });
}
