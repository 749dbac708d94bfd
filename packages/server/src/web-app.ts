import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './app-env';
import type { Logger } from './logger';

/** Serves the built SPA; any unknown path gets index.html so client-side routes load. */
export function mountWebApp(app: Hono<AppEnv>, webDist: string, logger: Logger): void {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    logger.warn({ webDist }, 'web app not built: run `npm run build` (npm start does it for you)');
    app.get('*', (c) =>
      c.text('HabitQuest: the web app is not built yet. Run `npm start`, which builds it.', 503),
    );
    return;
  }
  const root = path.relative(process.cwd(), webDist) || '.';
  app.use('/assets/*', async (c, next) => {
    await next();
    // File names under /assets carry a content hash, so they never change.
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', serveStatic({ root }));
  app.get('*', async (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(await readFile(indexFile, 'utf8'));
  });
}
