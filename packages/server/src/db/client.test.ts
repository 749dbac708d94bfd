import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedClient, openDatabase, PGLITE_SETTINGS, type Database } from './client';

/** Both drivers answer { rows }. */
async function rowsOf(db: Database, query: SQL): Promise<Record<string, unknown>[]> {
  return ((await db.execute(query)) as { rows: Record<string, unknown>[] }).rows;
}

describe('the embedded database', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('is created in a new data directory and opened with the small-server settings', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hq-db-client-'));
    dirs.push(dataDir);
    const database = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
      for (const [name, value] of Object.entries(PGLITE_SETTINGS)) {
        expect(await rowsOf(database.db, sql.raw(`show ${name}`)), name).toEqual([
          { [name]: value },
        ]);
      }
      await database.db.execute(sql`create table kept (value text)`);
      await database.db.execute(sql`insert into kept values ('still here')`);
    } finally {
      await database.close();
    }

    // Opened again: the same database, not a new one.
    const again = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect(await rowsOf(again.db, sql`select value from kept`)).toEqual([
        { value: 'still here' },
      ]);
    } finally {
      await again.close();
    }
  }, 60_000);

  it('a client of the admin’s backup and restore gets the same settings', async () => {
    const client = embeddedClient(null);
    try {
      for (const [name, value] of Object.entries(PGLITE_SETTINGS))
        expect((await client.query(`show ${name}`)).rows, name).toEqual([{ [name]: value }]);
    } finally {
      await client.close();
    }
  });

  it('in memory (no data directory) gets the same settings', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null });
    try {
      expect(await rowsOf(database.db, sql`show shared_buffers`)).toEqual([
        { shared_buffers: PGLITE_SETTINGS.shared_buffers },
      ]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
