/**
 * Backup and restore on PostgreSQL with the commands docs/deploy.md gives operators: pg_dump while
 * the instances run, pg_restore while they are stopped — over the same database, or into a new
 * one (a move to another server).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, signUp, startTestServer, TestClient } from '../../test/harness';

const run = promisify(execFile);

describe('pg_dump and pg_restore', () => {
  const databases: { url: string; drop: () => Promise<void> }[] = [];
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'hq-pg-backup-'));
  });
  afterAll(async () => {
    for (const database of databases) await database.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  const serve = (url: string) =>
    startTestServer('postgres', { env: { DATABASE_URL: url }, keepDatabase: true });
  const titles = async (client: TestClient) =>
    (await client.get<{ title: string }[]>('/api/habits')).body.map((h) => h.title).sort();

  it('restores exactly what was dumped, sessions included, over the database or into a new one', async () => {
    const source = await createTestDatabase();
    databases.push(source);
    const dump = path.join(folder, 'habitquest.dump');

    const running = await serve(source.url);
    const { client } = await signUp(running);
    await client.post('/api/habits', { title: 'Before the dump' });
    // A dump is one consistent snapshot, so the instances may keep running.
    await run('pg_dump', ['--format=custom', `--file=${dump}`, source.url]);
    await client.post('/api/habits', { title: 'After the dump' });
    await running.stop();

    // Over the same database, the instances stopped.
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      `--dbname=${source.url}`,
      dump,
    ]);
    const back = await serve(source.url);
    try {
      const again = new TestClient(back.url, { cookie: client.cookieHeader });
      expect(await titles(again)).toEqual(['Before the dump']);
      // The restored database takes new writes as before.
      expect((await again.post('/api/habits', { title: 'After the restore' })).status).toBe(201);
    } finally {
      await back.stop();
    }

    // Into a new, empty database.
    const target = await createTestDatabase();
    databases.push(target);
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      `--dbname=${target.url}`,
      dump,
    ]);
    const moved = await serve(target.url);
    try {
      const there = new TestClient(moved.url, { cookie: client.cookieHeader });
      expect(await titles(there)).toEqual(['Before the dump']);
    } finally {
      await moved.stop();
    }
  }, 120_000);
});
