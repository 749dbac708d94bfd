/**
 * The database: PostgreSQL when DATABASE_URL is set, otherwise PGlite (embedded Postgres) in
 * DATA_DIR. Both are driven through one Drizzle type, so no code above this file knows which.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
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

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies every pending migration (concurrent starts on PostgreSQL take turns). */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);
/** Any constant works; it only has to be the same in every instance. */
const MIGRATION_LOCK_ID = 728_311_001;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  | { kind: 'pglite'; dataDir: string | null };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres' ? openPostgres(options) : openPglite(options.dataDir);
}

function openPostgres(options: { url: string; maxConnections?: number }): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
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
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  const client = dataDir === null ? new PGlite() : new PGlite(path.join(dataDir, 'pglite'));
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
