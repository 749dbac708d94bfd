import { createAuth, type Auth } from '../auth/auth';
import { recoverImports } from '../backup/restore-journal';
import type { Config } from '../config';
import { lockDataDir, loadOrCreateSecret } from '../data-dir';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { createLogger } from '../logger';
import { backgroundMailer, MAIL_ON_SHUTDOWN_MS } from '../mail/background-mail';
import { configuredMailer } from '../mail/mailer';
import { createEventBus, type EventBus } from '../realtime/bus';

export type AdminContext = {
  database: DatabaseHandle;
  /** Better Auth, built like the server's (same secret, same hooks). */
  auth: () => Auth;
  /** Opened on first use: tells running servers (PostgreSQL) that a user's plan changed. */
  events: () => Promise<EventBus>;
  close: () => Promise<void>;
};

/**
 * Opens the database exactly as the server does: DATABASE_URL, else PGlite in DATA_DIR — which
 * takes the data-directory lock, so a command refuses to run beside a server on the same files.
 * Throws DataDirLockedError then. Pending migrations are applied, as at server start.
 */
export async function openAdminContext(config: Config): Promise<AdminContext> {
  const unlock = config.databaseUrl ? () => undefined : lockDataDir(config.dataDir);
  const logger = createLogger('silent');
  let database: DatabaseHandle | undefined;
  try {
    database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, maxConnections: 2 }
        : { kind: 'pglite', dataDir: config.dataDir },
    );
    await database.migrate();
    // Operator commands never act on half-imported data either (backup/import-journal.ts).
    if (database.kind === 'pglite') await recoverImports(database.db, config.dataDir);
  } catch (error) {
    await database?.close();
    unlock();
    throw error;
  }
  const opened = database;
  const mail = backgroundMailer(configuredMailer(config, logger), logger);
  let auth: Auth | undefined;
  let events: Promise<EventBus> | undefined;
  return {
    database: opened,
    auth: () => {
      auth ??= createAuth({
        config: { ...config, logLevel: 'silent' },
        db: opened.db,
        secret: config.authSecret ?? loadOrCreateSecret(config.dataDir),
        mailer: mail,
        logger,
      });
      return auth;
    },
    events: () => (events ??= createEventBus(opened, logger)),
    close: async () => {
      await mail.settled(MAIL_ON_SHUTDOWN_MS);
      if (events) await (await events).close();
      await opened.close();
      unlock();
    },
  };
}
