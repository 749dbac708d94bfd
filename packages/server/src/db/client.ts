/**
 * The database: PostgreSQL when DATABASE_URL is set, otherwise PGlite (embedded Postgres) in
 * DATA_DIR. Both are driven through one Drizzle type, so no code above this file knows which.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: the same query API as the database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs independent reads at once on the pool, or one after another in a transaction, whose
 * queries share one connection that must not be given two at once.
 */
export async function readTogether<const T extends readonly (() => PromiseLike<unknown>)[]>(
  db: Database | Tx,
  ...reads: T
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!('rollback' in db)) return (await Promise.all(reads.map((read) => read()))) as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}

/**
 * A transaction driven by SQL texts (sql-text.ts), each step one round trip on PostgreSQL; see
 * `DatabaseHandle.stepTransaction`.
 */
export type Steps = {
  /** Runs the statements in order, in one round trip; answers the rows of the last one. */
  run: (statements: readonly string[]) => Promise<Record<string, unknown>[]>;
  /** A Drizzle handle on the same transaction, for what is rare enough to take trips of its own. */
  drizzle: () => Promise<Database | Tx>;
};

/** What a stepped transaction's work answers: its value, and the statements sent with COMMIT. */
export type StepsDone<T> = { value: T; withCommit: readonly string[] };

/** One statement with its parameters, prepared once per connection on PostgreSQL by its name. */
export type PreparedStatement = { name: string; text: string; values: readonly unknown[] };

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * One statement in a transaction of its own: one round trip on PostgreSQL (the extended
   * protocol, its plan kept per connection). For the predicted set-state (docs/performance.md).
   */
  prepared: (statement: PreparedStatement) => Promise<Record<string, unknown>[]>;
  /**
   * A transaction in as few round trips as its steps need: on PostgreSQL BEGIN goes with the first
   * step's statements and COMMIT with the last ones (`withCommit`), in one message each (the
   * simple-query protocol). On PGlite, in-process, the statements run one by one in a transaction.
   * Any error rolls it back. For the hottest change, the completion set-state (docs/performance.md).
   */
  stepTransaction: <T>(work: (steps: Steps) => Promise<StepsDone<T>>) => Promise<T>;
  /** Applies every pending migration (concurrent starts on PostgreSQL take turns). */
  migrate: () => Promise<void>;
  /**
   * LISTEN on a channel. On PostgreSQL a dedicated connection listens, so a NOTIFY from any
   * instance arrives; `onReconnect` tells that notifications may have been missed meanwhile.
   */
  listen: (
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

/**
 * The server package's `drizzle/` folder, found from this module's location: `src/db/` when run
 * from the sources, `dist/` when run from the production bundle.
 */
const migrationsFolder = findUp(path.dirname(fileURLToPath(import.meta.url)), 'drizzle/meta');

function findUp(from: string, target: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, target))) return path.join(dir, path.dirname(target));
    if (path.dirname(dir) === dir) throw new Error(`no ${target} above ${from}`);
  }
}
/** Any constant works; it only has to be the same in every instance. */
export const MIGRATION_LOCK_ID = 728_311_001;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  | { kind: 'pglite'; dataDir: string | null };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres' ? openPostgres(options) : openPglite(options.dataDir);
}

function openPostgres(options: { url: string; maxConnections?: number }): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
  let closing: Promise<void> | undefined;
  // An idle connection that the server drops (restart, failover) must not crash the process:
  // the pool replaces it on the next query.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema });
  // A Drizzle handle per pooled connection, made once: the pool reuses its connections.
  const onConnection = new WeakMap<pg.PoolClient, Database>();
  return {
    db,
    kind: 'postgres',
    prepared: async ({ name, text, values }) =>
      (await pool.query({ name, text, values: [...values] })).rows as Record<string, unknown>[],
    stepTransaction: async (work) => {
      const client = await pool.connect();
      // In an object: TypeScript does not follow a plain variable set inside `send`.
      const state = { isOpen: false };
      // The first message opens the transaction; a message's results are one per statement.
      const send = async (statements: readonly string[]): Promise<Record<string, unknown>[]> => {
        const text = (state.isOpen ? statements : ['begin', ...statements]).join(';\n');
        state.isOpen = true;
        const results = (await client.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
        const last = Array.isArray(results) ? results.at(-1) : results;
        return (last?.rows ?? []) as Record<string, unknown>[];
      };
      try {
        const done = await work({
          run: send,
          drizzle: async () => {
            if (!state.isOpen) await send([]);
            let handle = onConnection.get(client);
            if (!handle) {
              handle = drizzlePg(client, { schema });
              onConnection.set(client, handle);
            }
            return handle;
          },
        });
        await send([...done.withCommit, 'commit']);
        client.release();
        return done.value;
      } catch (error) {
        // A connection that cannot roll back is not given to anyone else.
        const rolledBack =
          !state.isOpen ||
          (await client.query('rollback').then(
            () => true,
            () => false,
          ));
        client.release(rolledBack ? undefined : new Error('rollback failed'));
        throw error;
      }
    },
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(db, { migrationsFolder });
      } finally {
        await client
          .query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
          .catch(() => undefined);
        client.release();
      }
    },
    listen: (channel, onPayload, onReconnect) =>
      listenPostgres(options.url, channel, onPayload, onReconnect),
    // Closing twice (a shutdown racing a failed start, say) is harmless, as for PGlite.
    close: () => (closing ??= pool.end()),
  };
}

/** A LISTEN connection that comes back after a dropped connection (with backoff). */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let isClosed = false;
  let delayMs = 250;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', () => {
      void next.end().catch(() => undefined);
      if (isClosed) return;
      setTimeout(() => {
        connect().then(
          () => {
            delayMs = 250;
            onReconnect?.();
          },
          () => undefined,
        );
      }, delayMs);
      delayMs = Math.min(delayMs * 2, 10_000);
    });
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  await connect();
  return async () => {
    isClosed = true;
    await client?.end().catch(() => undefined);
  };
}

/**
 * PostgreSQL settings of the embedded database, for a small server (docs/performance.md,
 * "Embedded footprint"). PGlite's memory is WebAssembly memory: it grows and never shrinks, and
 * every page Postgres has touched stays resident. Its defaults are a full server's (128 MB of
 * shared buffers, zeroed at start; 64 MB for an index build): sized down, reads miss the buffer
 * pool into the operating system's file cache instead, which keeps the data directory's pages
 * anyway.
 */
export const PGLITE_SETTINGS = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
  work_mem: '4MB',
  temp_buffers: '4MB',
} as const;

export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
];

/**
 * Creates the embedded database in a worker thread. PGlite creates one with a second, throwaway
 * instance (initdb) whose hundreds of megabytes stay in the process until a garbage collection
 * that an idle server may never run; a worker's memory goes with it when it ends.
 */
async function createPgliteDatabase(pgDataDir: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const { PGlite } = require(workerData.pglite);
     (async () => {
       const client = new PGlite(workerData.dir, { startParams: workerData.startParams });
       await client.waitReady;
       await client.close();
     })().catch((error) => { process.exitCode = 1; throw error; });`,
    { eval: true, workerData: { pglite, dir: pgDataDir, startParams: PGLITE_START_PARAMS } },
  );
  let failure: unknown = null;
  worker.on('error', (error) => {
    failure = error;
  });
  const code = await new Promise<number>((resolve) => worker.once('exit', resolve));
  if (failure !== null || code !== 0)
    throw new Error(`creating the embedded database in ${pgDataDir} failed`, { cause: failure });
}

/**
 * A PGlite client with the small-server settings above: the server's, and the admin's backup and
 * restore (admin/embedded-backup.ts), which would otherwise start a full server's buffers.
 */
export function embeddedClient(
  pgDataDir: string | null,
  options: Omit<PGliteOptions, 'startParams'> = {},
): PGlite {
  const withSettings = { ...options, startParams: PGLITE_START_PARAMS };
  return pgDataDir === null ? new PGlite(withSettings) : new PGlite(pgDataDir, withSettings);
}

async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  const pgDataDir = dataDir === null ? null : path.join(dataDir, 'pglite');
  if (pgDataDir !== null && !existsSync(path.join(pgDataDir, 'PG_VERSION')))
    await createPgliteDatabase(pgDataDir);
  const client = embeddedClient(pgDataDir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    prepared: async ({ text, values }) =>
      (await client.query<Record<string, unknown>>(text, [...values])).rows,
    stepTransaction: (work) =>
      db.transaction(async (tx) => {
        const run = async (statements: readonly string[]): Promise<Record<string, unknown>[]> => {
          let rows: Record<string, unknown>[] = [];
          for (const statement of statements) rows = (await tx.execute(sql.raw(statement))).rows;
          return rows;
        };
        const done = await work({ run, drizzle: () => Promise.resolve(tx) });
        await run(done.withCommit);
        return done.value;
      }),
    migrate: () => migratePglite(db, { migrationsFolder }),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
    close: () => client.close(),
  };
}
