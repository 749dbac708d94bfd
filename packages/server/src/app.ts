/**
 * The HTTP application: the JSON API under /api and the built web app everywhere else.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { apiErrorBody } from '@habitquest/contracts/errors';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from './config';
import type { Logger } from './logger';

export type AppEnv = { Variables: { requestId: string } };

export function createApp(options: { config: Config; logger: Logger }): Hono<AppEnv> {
  const { config, logger } = options;
  const app = new Hono<AppEnv>();

  app.use(requestId());
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
      },
    }),
  );
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });

  app.get('/api/health', (c) => c.json({ ok: true }));
  app.all('/api/*', (c) => c.json(apiErrorBody('NOT_FOUND', 'Not found'), 404));

  app.onError((error, c) => {
    logger.error({ requestId: c.get('requestId'), err: error }, 'unhandled error');
    return c.json(apiErrorBody('INTERNAL', 'Something went wrong. Please try again.'), 500);
  });

  mountWebApp(app, config.webDist, logger);
  return app;
}

/** Serves the built SPA; any unknown path gets index.html so client-side routes load. */
function mountWebApp(app: Hono<AppEnv>, webDist: string, logger: Logger): void {
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
