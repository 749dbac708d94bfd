/**
 * Liveness and readiness, for a process supervisor or a load balancer:
 * - GET /api/health answers 200 while the process serves HTTP at all (a restart would not help
 *   otherwise), including while it is still starting;
 * - GET /api/ready answers 200 only when requests can be served: migrations applied and the
 *   database answering within READY_TIMEOUT_MS. A load balancer sends traffic only to ready
 *   instances.
 */
import { apiErrorBody } from '@habitquest/contracts/errors';
import { routes } from '@habitquest/contracts/routes';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { DatabaseHandle } from '../db/client';
import type { Logger } from '../logger';
import { serve } from './serve-route';

export const READY_TIMEOUT_MS = 2_000;

export type Readiness = { ready: true; db: string } | { ready: false; reason: string };

export const NOT_READY = {
  starting: 'HabitQuest is starting: applying database migrations.',
  database: 'The database cannot be reached.',
} as const;

/** The health routes of a running server. */
export function healthRoutes(database: DatabaseHandle, logger: Logger): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  serve(app, routes.health, () => ({ ok: true, db: database.kind }));
  serve(app, routes.ready, async (c) => {
    const reachable = await isDatabaseReachable(database, logger);
    return reachable
      ? { ready: true as const, db: database.kind }
      : c.json({ ready: false, reason: NOT_READY.database } satisfies Readiness, 503);
  });
  return app;
}

/**
 * What the process answers while it starts (migrations may take a while on a big database):
 * alive, not ready, and 503 with Retry-After for anything else.
 */
export function startingApp(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(routes.health.path, (c) => c.json({ ok: true, starting: true }));
  app.get(routes.ready.path, (c) =>
    c.json({ ready: false, reason: NOT_READY.starting } satisfies Readiness, 503),
  );
  app.all('*', (c) => {
    c.header('Retry-After', '5');
    return c.json(apiErrorBody('UNAVAILABLE'), 503);
  });
  return app;
}

async function isDatabaseReachable(database: DatabaseHandle, logger: Logger): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      database.db.execute(sql`select 1`),
      new Promise((_, reject) => {
        timer = setTimeout(() => {
          reject(new Error(`no answer within ${String(READY_TIMEOUT_MS)} ms`));
        }, READY_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch (error) {
    logger.warn({ err: error }, 'readiness check: the database cannot be reached');
    return false;
  } finally {
    clearTimeout(timer);
  }
}
