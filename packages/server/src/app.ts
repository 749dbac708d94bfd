/**
 * The HTTP application: the JSON API under /api and the built web app everywhere else.
 */
import type { About } from '@habitquest/contracts/about';
import { apiErrorBody, ERROR_MESSAGES } from '@habitquest/contracts/errors';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './app-env';
import { APP_VERSION } from './app-version';
import type { Auth } from './auth/auth';
import { authRoutes } from './auth/routes';
import { createSessionReader } from './auth/session-reader';
import { analyticsRoutes } from './analytics/routes';
import { checkoutRoutes } from './billing/checkout-routes';
import { webhookRoutes } from './billing/webhook-routes';
import { backupRoutes } from './backup/routes';
import { categoryRoutes } from './categories/routes';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { bodyLimits } from './http/body-limit';
import { HttpError } from './http/errors';
import { originGuard } from './http/origin-guard';
import { idempotency } from './http/idempotency';
import { requireUser } from './http/require-user';
import { rewardRoutes } from './rewards/routes';
import type { Logger } from './logger';
import type { FeatureDeps } from './feature-deps';
import { habitRoutes } from './habits/routes';
import { meRoutes } from './me/routes';
import { openApiDocument } from './openapi/document';
import type { EventBus } from './realtime/bus';
import { eventRoutes } from './realtime/routes';
import { mountWebApp } from './web-app';

export type AppDeps = {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  auth: Auth;
  events: EventBus;
  /** The clock; tests may pass their own. */
  now?: () => Date;
};

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { config, logger, database, auth } = deps;
  const db = database.db;
  const now = deps.now ?? (() => new Date());
  const app = new Hono<AppEnv>();

  app.use(requestId());
  app.use('/api/*', bodyLimits());
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

  app.get('/api/health', async (c) => {
    await db.execute(sql`select 1`);
    return c.json({ ok: true, db: database.kind });
  });
  const about: About = {
    version: APP_VERSION,
    feedbackEmail: config.feedbackEmail,
    desktopAppUrl: config.desktopAppUrl,
  };
  app.get('/api/about', (c) => c.json(about));
  const openApi = openApiDocument();
  app.get('/api/openapi.json', (c) => c.json(openApi));
  const features: FeatureDeps = { db, now, events: deps.events, config, logger };
  // Payment webhooks come from Stripe's servers: no session, no Origin, the raw body is signed.
  app.route('/api/webhooks', webhookRoutes(features));
  // Every state-changing request, the sign-in and sign-up ones included, must come from our origin.
  app.use('/api/*', originGuard([config.publicUrl], { exceptPrefixes: ['/api/webhooks/'] }));
  const readSession = createSessionReader(auth, db);
  // A signed-out checkout gets the spec's own sentence rather than the generic one.
  app.use('/api/checkout', requireUser(readSession, ERROR_MESSAGES.checkoutUnauthenticated));
  app.route('/api/auth', authRoutes({ auth, db, config }));

  const api = new Hono<AppEnv>();
  api.use(requireUser(readSession));
  api.use(idempotency(db, now));
  // Feature routes: one line each.
  api.route('/', meRoutes(features));
  api.route('/', habitRoutes(features));
  api.route('/', categoryRoutes(features));
  api.route('/', rewardRoutes(features));
  api.route('/', backupRoutes(features));
  api.route('/', eventRoutes({ events: deps.events }));
  api.route('/', checkoutRoutes(features));
  api.route('/', analyticsRoutes(features));
  // (end of feature routes)
  api.all('*', (c) => c.json(apiErrorBody('NOT_FOUND', 'Not found'), 404));
  app.route('/api', api);

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(apiErrorBody(error.code, error.message, error.details), error.status as 400);
    }
    logger.error({ requestId: c.get('requestId'), err: error }, 'unhandled error');
    return c.json(apiErrorBody('INTERNAL', 'Something went wrong. Please try again.'), 500);
  });

  mountWebApp(app, config.webDist, logger);
  return app;
}
