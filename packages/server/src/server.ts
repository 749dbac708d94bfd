/**
 * Composition: opens the database (taking the data directory when it is PGlite), applies
 * migrations, wires auth and mail, and serves the app. Used by main.ts and by the tests.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp } from './app';
import type { AppEnv } from './app-env';
import { createAuth } from './auth/auth';
import { recoverImports } from './backup/import-journal';
import type { AuthLimits } from './auth/limits';
import type { Config } from './config';
import { lockDataDir, loadOrCreateSecret, loadOrCreateVapidKeys } from './data-dir';
import { startPushSender, webPushSender } from './reminders/push-sender';
import { openDatabase, type DatabaseHandle } from './db/client';
import type { Logger } from './logger';
import { createMailer, type Mailer } from './mail/mailer';
import { startingApp } from './http/health';
import { createEventBus, type EventBus } from './realtime/bus';

export type RunningServer = {
  /** The Hono app being served (tests read its route table). */
  app: Hono<AppEnv>;
  url: string;
  port: number;
  database: DatabaseHandle;
  /** Stops accepting connections, lets requests in flight finish, then closes the database. */
  close: () => Promise<void>;
};

export async function startServer(options: {
  config: Config;
  logger: Logger;
  now?: () => Date;
  /** The account limits of auth/limits.ts, some replaced (tests only). */
  authLimits?: Partial<AuthLimits>;
  mailer?: Mailer;
  /** How often open event streams send a heartbeat and re-check their session (tests shorten it). */
  heartbeatMs?: number;
  /**
   * Whether this server pushes reminders to subscribed browsers every minute (default: when it
   * has VAPID keys). Tests that do not exercise it turn it off.
   */
  sendsPushes?: boolean;
}): Promise<RunningServer> {
  const { config } = options;
  const unlock = config.databaseUrl ? noop : lockDataDir(config.dataDir);
  try {
    const database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : { kind: 'pglite', dataDir: config.dataDir },
    );
    // Listen at once, so a supervisor sees the process alive (and not yet ready) while the
    // migrations run; the real app takes over when everything is in place.
    let handle: Parameters<typeof serve>[0]['fetch'] = startingApp().fetch;
    const server = await listen((request, env) => handle(request, env), config);
    let composed: { events: EventBus; app: Hono<AppEnv>; stopPushes: () => Promise<void> };
    try {
      await database.migrate();
      // An import a crash cut short is put back before anything is served (import-journal.ts).
      if (database.kind === 'pglite') await recoverImports(database.db, config.dataDir);
      composed = await compose({ ...options, database });
    } catch (error) {
      await closeServer(server);
      await database.close();
      throw error;
    }
    const { events, app, stopPushes } = composed;
    handle = app.fetch;
    const port = (server.address() as AddressInfo).port;
    return {
      app,
      url: `http://127.0.0.1:${port}`,
      port,
      database,
      close: async () => {
        await stopPushes();
        // Open event streams end first, or the HTTP server would wait for them forever.
        const eventsClosed = events.close();
        await closeServer(server);
        await eventsClosed;
        await database.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

function noop(): void {
  // nothing to release: PostgreSQL needs no data-directory lock
}

/** Auth, mail, the realtime bus and the app over a migrated database. */
async function compose(
  options: Parameters<typeof startServer>[0] & { database: DatabaseHandle },
): Promise<{ events: EventBus; app: Hono<AppEnv>; stopPushes: () => Promise<void> }> {
  const { config, logger, database } = options;
  const secret = config.authSecret ?? loadOrCreateSecret(config.dataDir);
  // Several instances must share one key pair: on PostgreSQL only the environment can give it.
  const vapid = config.vapid ?? (config.databaseUrl ? null : loadOrCreateVapidKeys(config.dataDir));
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      logger,
    });
  const events = await createEventBus(database, logger);
  const auth = createAuth({
    config,
    db: database.db,
    secret,
    mailer,
    logger,
    onSessionEnded: events.sessionsEnded,
  });
  const app = createApp({
    config,
    logger,
    database,
    auth,
    events,
    ...(options.now ? { now: options.now } : {}),
    ...(options.authLimits ? { authLimits: options.authLimits } : {}),
    ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
    vapidPublicKey: vapid?.publicKey ?? null,
  });
  const stopPushes =
    vapid && options.sendsPushes !== false
      ? startPushSender({
          db: database.db,
          now: options.now ?? (() => new Date()),
          send: webPushSender({ ...vapid, subject: `mailto:${config.feedbackEmail}` }),
          logger,
        })
      : () => Promise.resolve();
  return { events, app, stopPushes };
}

function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => {
      resolve();
    });
  });
}

function listen(fetch: Parameters<typeof serve>[0]['fetch'], config: Config): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port: config.port, hostname: config.host }, () => {
      resolve(server);
    });
    server.once('error', reject);
  });
}
