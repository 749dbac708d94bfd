import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config';
import { createLogger } from '../logger';
import { startServer, type RunningServer } from '../server';
import { spawnServerFile } from '../../test/child-server';
import {
  pgliteTemplate,
  signUp,
  TEST_AUTH_SECRET,
  TEST_ORIGIN,
  TestClient,
} from '../../test/harness';
import { EXIT, runAdmin } from './run-admin';

async function admin(config: Config, ...argv: string[]) {
  const lines: string[] = [];
  const push = (line: string) => lines.push(line);
  const code = await runAdmin(argv, { config, output: { log: push, error: push } });
  return { code, text: lines.join('\n') };
}

describe('backup and restore of the embedded database', () => {
  let dataDir: string;
  let config: Config;
  let server: RunningServer | null = null;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'hq-backup-'));
    cpSync(await pgliteTemplate(), dataDir, { recursive: true });
    config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: TEST_ORIGIN,
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'silent',
    });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () =>
    (server = await startServer({ config, logger: createLogger('silent') }));
  const stop = async () => {
    await server?.close();
    server = null;
  };
  const titles = async (client: TestClient) =>
    (await client.get<{ title: string }[]>('/api/habits')).body.map((h) => h.title).sort();

  it('restores exactly what was backed up, keeps the replaced database, and refuses beside a server', async () => {
    const running = await start();
    const { client } = await signUp(running);
    await client.post('/api/habits', { title: 'Before the backup' });
    await stop();

    // While a server process holds the directory, both commands refuse and change nothing.
    const file = path.join(dataDir, '..', `${path.basename(dataDir)}-backup.tar.gz`);
    const child = spawnServerFile('main.ts', { DATA_DIR: dataDir });
    try {
      await child.ready;
      for (const command of ['backup', 'restore']) {
        const refused = await admin(config, command, file);
        expect(refused.code).toBe(EXIT.failed);
        expect(refused.text).toMatch(/is using .*Stop it first/);
      }
      expect(existsSync(file)).toBe(false);
      child.child.kill('SIGTERM');
      expect(await child.exited).toEqual({ code: 0, signal: null });
    } finally {
      // A failed check must not leave the process running (and holding the directory).
      child.child.kill('SIGKILL');
    }

    const backedUp = await admin(config, 'backup', file);
    expect(backedUp).toMatchObject({ code: EXIT.ok });
    expect(backedUp.text).toMatch(/^Backed up .* to .*backup\.tar\.gz \(\d+(\.\d)? [KM]B\)\.$/);

    // Life goes on after the backup…
    const again = await start();
    const later = new TestClient(again.url, { cookie: client.cookieHeader });
    await later.post('/api/habits', { title: 'After the backup' });
    expect(await titles(later)).toEqual(['After the backup', 'Before the backup']);
    await stop();

    // …and a restore brings back the state of the backup, sessions included.
    const restored = await admin(config, 'restore', file);
    expect(restored.code).toBe(EXIT.ok);
    expect(restored.text).toMatch(
      /: 1 account\. The previous database is kept at .*pglite\.before-restore-/,
    );
    expect(
      readdirSync(dataDir).filter((name) => name.startsWith('pglite.before-restore-')),
    ).toHaveLength(1);
    const back = await start();
    const restoredClient = new TestClient(back.url, { cookie: client.cookieHeader });
    expect(await titles(restoredClient)).toEqual(['Before the backup']);
    await stop();
    rmSync(file, { force: true });
  }, 120_000);

  it('refuses a file that is not a backup and leaves the database alone', async () => {
    const bogus = path.join(dataDir, '..', `${path.basename(dataDir)}-bogus.json`);
    writeFileSync(bogus, '{"not":"a backup"}');
    const result = await admin(config, 'restore', bogus);
    expect(result.code).toBe(EXIT.failed);
    expect(result.text).toContain('is not a HabitQuest backup');
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'pglite.restoring'))).toBe(false);
    rmSync(bogus, { force: true });
  });

  it('points to pg_dump and pg_restore when the database is PostgreSQL', async () => {
    const postgres = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/never_opened',
      AUTH_SECRET: TEST_AUTH_SECRET,
    });
    const backup = await admin(postgres, 'backup', 'x.dump');
    expect(backup).toMatchObject({ code: EXIT.failed });
    expect(backup.text).toContain('pg_dump --format=custom');
    expect((await admin(postgres, 'restore', 'x.dump')).text).toContain('pg_restore');
  });
});
