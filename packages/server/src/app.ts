/**
 * The HTTP application: the JSON API under /api and the built web app everywhere else.
 */
import type { About } from '@habitquest/contracts/about';
import { apiErrorBody, ERROR_MESSAGES } from '@habitquest/contracts/errors';
import { NUL_MESSAGE } from '@habitquest/core/nul';
import { routes } from '@habitquest/contracts/routes';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { compressAnswers } from './http/compress';
import { contentSecurityPolicyHeader } from './http/content-security-policy';
import type { AppEnv } from './app-env';
import { APP_VERSION } from './app-version';
import type { Auth } from './auth/auth';
import { AUTH_LIMITS, type AuthLimits } from './auth/limits';
import { authRoutes } from './auth/routes';
import { createSessionReader } from './auth/session-reader';
import { accountRoutes } from './account/routes';
import { analyticsRoutes } from './analytics/routes';
import { checkoutRoutes } from './billing/checkout-routes';
import { webhookRoutes } from './billing/webhook-routes';
import { backupRoutes } from './backup/routes';
import { categoryRoutes } from './categories/routes';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { bodyLimits } from './http/body-limit';
import { HttpError } from './http/errors';
import { isUnstorableText } from './http/db-errors';
import { jsonValueAnswer } from './http/json-answer';
import { healthRoutes } from './http/health';
import { originGuard } from './http/origin-guard';
import { idempotency } from './http/idempotency';
import { routePattern } from './http/serve-route';
import { requireUser } from './http/require-user';
import { serve } from './http/serve-route';
import { achievementRoutes } from './achievements/routes';
import { pushRoutes } from './reminders/push-routes';
import { reminderRoutes } from './reminders/routes';
import { rewardRoutes } from './rewards/routes';
import type { Logger } from './logger';
import type { FeatureDeps } from './feature-deps';
import { habitRoutes } from './habits/routes';
import { restRoutes } from './rest/routes';
import { meRoutes } from './me/routes';
import { openApiDocument } from './openapi/document';
import type { EventBus } from './realtime/bus';
import { requestOrigin } from './realtime/origin';
import { eventRoutes } from './realtime/routes';
import { loopbackToPublicUrl } from './http/public-address';
import { mountWebApp } from './web-app';
import { firstReadsOf } from './me/first-reads';

export type AppDeps = {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  auth: Auth;
  events: EventBus;
  /** The clock; tests may pass their own. */
  now?: () => Date;
  /** The sign-in, sign-up and other account limits; tests may loosen some. */
  authLimits?: Partial<AuthLimits>;
  /** How often open event streams send a heartbeat and re-check their session. */
  heartbeatMs?: number;
  /** The Web Push public key browsers subscribe with; none: this server sends no pushes. */
  vapidPublicKey?: string | null;
};

/** API answers that carry nothing of a user's and may be cached by their own rules. */
const PUBLIC_API_PATHS = new Set<string>(
  [routes.health, routes.ready, routes.about, routes.openApi].map((route) => route.path),
);

/**
 * Cache-Control: no-store on every other /api answer, errors included: they carry a user's data
 * (or say whether someone is signed in), which no browser cache, shared proxy or back/forward
 * cache may keep after sign-out. A route's own policy is kept when it already says no-store.
 */
function noStoreUserData(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (PUBLIC_API_PATHS.has(c.req.path)) return;
    if (!c.res.headers.get('cache-control')?.includes('no-store'))
      c.res.headers.set('Cache-Control', 'no-store');
  };
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { config, logger, database, auth } = deps;
  const db = database.db;
  const now = deps.now ?? (() => new Date());
  const app = new Hono<AppEnv>();

  app.use(requestId());
  // Outermost, so every answer gets them: errors, refusals and the body limit's 413 included.
  app.use(secureHeaders());
  // Inside it, so that index.html's answers can carry the hashes of their inline scripts.
  app.use(contentSecurityPolicyHeader());
  // JSON answers and index.html, gzip'd on the fly for clients that accept it; event streams
  // (text/event-stream, no-transform) and files already compressed by the build pass through.
  app.use(compressAnswers());
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

  app.use('/api/*', noStoreUserData());
  app.use('/api/*', bodyLimits());
  // The events a request publishes carry the tab that sent it, which skips its own echo.
  app.use('/api/*', requestOrigin());

  app.route('/api', healthRoutes(database, logger));
  const about: About = {
    version: APP_VERSION,
    feedbackEmail: config.feedbackEmail,
    desktopAppUrl: config.desktopAppUrl,
    marketingUrl: config.marketingUrl,
  };
  const openApi = openApiDocument();
  const publicApi = new Hono<AppEnv>();
  serve(publicApi, routes.about, () => about);
  serve(publicApi, routes.openApi, () => openApi);
  app.route('/api', publicApi);
  const features: FeatureDeps = { db, database, now, events: deps.events, config, logger };
  // Payment webhooks come from Stripe's servers: no session, no Origin, the raw body is signed.
  app.route('/api', webhookRoutes(features));
  // Every state-changing request, the sign-in and sign-up ones included, must come from our origin.
  app.use('/api/*', originGuard([config.publicUrl], { exceptPrefixes: ['/api/webhooks/'] }));
  const readSession = createSessionReader(auth, db);
  // A signed-out checkout gets the spec's own sentence rather than the generic one.
  app.use(routes.checkout.path, requireUser(readSession, ERROR_MESSAGES.checkoutUnauthenticated));
  const authLimits: AuthLimits = { ...AUTH_LIMITS, ...deps.authLimits };
  app.route('/api/auth', authRoutes({ auth, db, config, logger, limits: authLimits }));

  const api = new Hono<AppEnv>();
  // The completion set-state checks a session this process has seen live in its own first
  // statement, and claims its Idempotency-Key in its own transaction (set-completion.ts).
  const setStatePath = routePattern(routes.setCompletion.path);
  const isSetState = (c: Context<AppEnv>) =>
    c.req.method === 'PUT' && setStatePath.test(c.req.path);
  api.use(requireUser(readSession, undefined, { checksSession: isSetState }));
  api.use(idempotency(db, now, logger, { claimedByRoute: isSetState }));
  // Feature routes: one line each.
  api.route('/', meRoutes(features, { usernameChecks: authLimits.usernameChecksPerIp }));
  api.route('/', habitRoutes(features));
  api.route('/', restRoutes(features));
  api.route('/', categoryRoutes(features));
  api.route('/', rewardRoutes(features));
  api.route('/', achievementRoutes(features));
  api.route('/', reminderRoutes(features));
  api.route('/', pushRoutes({ ...features, vapidPublicKey: deps.vapidPublicKey ?? null }));
  api.route('/', backupRoutes(features));
  api.route(
    '/',
    eventRoutes({
      events: deps.events,
      readSession,
      logger,
      ...(deps.heartbeatMs ? { heartbeatMs: deps.heartbeatMs } : {}),
    }),
  );
  api.route('/', checkoutRoutes(features));
  api.route('/', analyticsRoutes(features));
  api.route('/', accountRoutes(features));
  // (end of feature routes)
  api.all('*', (c) => jsonValueAnswer(c, apiErrorBody('NOT_FOUND', 'Not found'), 404));
  app.route('/api', api);

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return jsonValueAnswer(
        c,
        apiErrorBody(error.code, error.message, error.details),
        error.status as 400,
      );
    }
    // Text PostgreSQL cannot store (a NUL that got past the checks of validate.ts): the statement
    // failed and its transaction rolled back, so nothing changed. It is the request's fault.
    if (isUnstorableText(error)) {
      return jsonValueAnswer(
        c,
        apiErrorBody('VALIDATION', `Text ${NUL_MESSAGE}.`, { issues: [] }),
        400,
      );
    }
    logger.error({ requestId: c.get('requestId'), err: error }, 'unhandled error');
    return jsonValueAnswer(
      c,
      apiErrorBody('INTERNAL', 'Something went wrong. Please try again.'),
      500,
    );
  });

  // http://127.0.0.1:3000 is the same server as the default http://localhost:3000, but not the
  // address its cookie and origin check are for: pages opened there are sent on.
  app.use('*', loopbackToPublicUrl(config.publicUrl));
  mountWebApp(app, config.webDist, logger, firstReadsOf({ readSession, db, now }));
  return app;
}
