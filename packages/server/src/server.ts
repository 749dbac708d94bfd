/**
 * Composition: opens the database (taking the data directory when it is PGlite), applies
 * migrations, wires auth and mail, and serves the app. Used by main.ts and by the tests.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp } from './app';
import type { AppEnv } from './app-env';
import { createAuth, type PasswordHashing } from './auth/auth';
import { recoverImports } from './backup/restore-journal';
import type { AuthLimits } from './auth/limits';
import type { Config } from './config';
import { lockDataDir, loadOrCreateSecret, loadOrCreateVapidKeys } from './data-dir';
import { startPushSender } from './reminders/push-sender';
import { webPushSender } from './reminders/web-push-sender';
import { openDatabase, type DatabaseHandle } from './db/client';
import type { Logger } from './logger';
import {
  backgroundMailer,
  MAIL_ON_SHUTDOWN_MS,
  type BackgroundMailer,
} from './mail/background-mail';
import { configuredMailer, type Mailer } from './mail/mailer';
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
  /** How passwords are hashed (tests only: test/harness.ts hashes at a lower cost). */
  passwordHashing?: PasswordHashing;
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
    let composed: Composed;
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
    const { events, app, stopPushes, mail } = composed;
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
        // The events of the last changes answered, published as they were (not awaited), and
        // the mail they started (reset links), each after its answer.
        await Promise.all([events.sent(), mail.settled(MAIL_ON_SHUTDOWN_MS)]);
        await database.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

type Composed = {
  events: EventBus;
  app: Hono<AppEnv>;
  stopPushes: () => Promise<void>;
  mail: BackgroundMailer;
};

function noop(): void {
  // nothing to release: PostgreSQL needs no data-directory lock
}

/** Auth, mail, the realtime bus and the app over a migrated database. */
async function compose(
  options: Parameters<typeof startServer>[0] & { database: DatabaseHandle },
): Promise<Composed> {
  const { config, logger, database } = options;
  const secret = config.authSecret ?? loadOrCreateSecret(config.dataDir);
  // Several instances must share one key pair: on PostgreSQL only the environment can give it.
  const vapid = config.vapid ?? (config.databaseUrl ? null : loadOrCreateVapidKeys(config.dataDir));
  const mail = backgroundMailer(options.mailer ?? configuredMailer(config, logger), logger);
  const events = await createEventBus(database, logger);
  const auth = createAuth({
    config,
    db: database.db,
    secret,
    mailer: mail,
    logger,
    onSessionEnded: events.sessionsEnded,
    ...(options.passwordHashing ? { passwordHashing: options.passwordHashing } : {}),
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
  return { events, app, stopPushes, mail };
}

/**
 * How long an idle kept-alive connection stays open: longer than the idle timeouts of the proxies
 * and clients that keep connections to us (60 s at most for the common ones). With Node's 5 s, a
 * client that sends on an idle connection just as the server closes it gets a reset instead of an
 * answer (a proxy shows it as a 502). See docs/ARCHITECTURE.md, "Connections and shutdown".
 */
export const KEEP_ALIVE_MS = 65_000;

/** How often a closing server ends the connections that have gone idle since the last look. */
const CLOSE_SWEEP_MS = 50;

/**
 * Stops accepting connections and resolves once every open one has ended. Node's `close` ends the
 * connections idle at that moment; a request still in flight keeps its connection, which would
 * then stay open idle for the whole keep-alive time. So until the server has closed, connections
 * are ended as soon as they go idle; a request in flight always gets its answer first.
 */
export function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    const sweep =
      server instanceof http.Server
        ? setInterval(() => {
            server.closeIdleConnections();
          }, CLOSE_SWEEP_MS)
        : undefined;
    server.close(() => {
      clearInterval(sweep);
      resolve();
    });
  });
}

/** Serves `fetch` on the address given, with the keep-alive timing above. */
export function listen(
  fetch: Parameters<typeof serve>[0]['fetch'],
  address: Pick<Config, 'port' | 'host'>,
): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port: address.port, hostname: address.host }, () => {
      resolve(server);
    });
    if (server instanceof http.Server) {
      server.keepAliveTimeout = KEEP_ALIVE_MS;
      // The wait for a request's headers must outlast the idle wait, or a request arriving at the
      // end of it could be cut off.
      server.headersTimeout = KEEP_ALIVE_MS + 1_000;
    }
    server.once('error', reject);
  });
}
