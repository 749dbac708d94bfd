/**
 * What `npm start` runs: the server bundle built by scripts/build-server.mjs, plain JavaScript
 * under Node with no TypeScript at run time. Built here into a folder of its own (beside dist/,
 * so a production build nobody asked for is not replaced) and run as production runs it.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { verifyPassword } from 'better-auth/crypto';
import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLockFile } from './data-dir';
import { account } from './db/auth-schema';
import { openDatabase } from './db/client';
import { RECONNECT_AFTER_SHUTDOWN_MS } from './realtime/routes';
import {
  PG_SHUT_DOWN,
  pgliteState,
  spawnServerCommand,
  type ChildServer,
} from '../test/child-server';
import { pgliteTemplate, signUp } from '../test/harness';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../..');
/**
 * From `node main.js` to "ready" on an existing embedded database. About 2 s on a quiet 2-core
 * machine; the bound leaves room for a busy one, and is far below what compiling TypeScript at
 * start would cost.
 */
const STARTS_WITHIN_MS = 10_000;
const TIMEOUT = 120_000;

describe('the production bundle', () => {
  const outdir = path.join(repoRoot, 'packages/server', `dist-test-${randomUUID().slice(0, 8)}`);
  const dataDirs: string[] = [];
  const children: ChildServer[] = [];

  beforeAll(async () => {
    await run(process.execPath, ['scripts/build-server.mjs', '--outdir', outdir], {
      cwd: repoRoot,
    });
  }, TIMEOUT);
  afterAll(() => {
    for (const server of children) server.child.kill('SIGKILL');
    rmSync(outdir, { recursive: true, force: true });
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  });

  const freshDataDir = async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hq-bundle-'));
    cpSync(await pgliteTemplate(), dataDir, { recursive: true });
    dataDirs.push(dataDir);
    return dataDir;
  };
  const bundle = () => ['--enable-source-maps', path.join(outdir, 'main.js')];

  it(
    'starts within seconds, logs JSON lines when not on a terminal, and stops cleanly on SIGTERM',
    async () => {
      const dataDir = await freshDataDir();
      const started = performance.now();
      const server = spawnServerCommand(process.execPath, bundle(), { DATA_DIR: dataDir });
      children.push(server);
      const url = `http://127.0.0.1:${String(await server.ready)}`;
      expect(performance.now() - started).toBeLessThan(STARTS_WITHIN_MS);
      expect((await fetch(`${url}/api/ready`)).status).toBe(200);

      const { client, password } = await signUp({ url });
      const stream = await fetch(`${url}/api/events`, {
        headers: { cookie: client.cookieHeader },
      });
      const streamed = stream.text();
      server.child.kill('SIGTERM');
      // The event stream ends with the reconnect hint, then the process exits 0.
      expect(await streamed).toContain(`retry: ${String(RECONNECT_AFTER_SHUTDOWN_MS)}`);
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(pgliteState(dataDir)).toBe(PG_SHUT_DOWN);

      const lines = server.output().trim().split('\n');
      const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
      expect(messages).toContain(`HabitQuest is ready on port ${new URL(url).port}`);
      expect(messages.slice(-2)).toEqual(['shutting down', 'stopped']);

      // Production hashes passwords at Better Auth's full cost (the test servers in this process
      // use a cheaper one: test/password-hashing.ts).
      const database = await openDatabase({ kind: 'pglite', dataDir });
      try {
        const [stored] = await database.db
          .select({ password: account.password })
          .from(account)
          .where(isNotNull(account.password));
        const hash = stored?.password ?? '';
        expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
        expect(await verifyPassword({ hash, password })).toBe(true);
      } finally {
        await database.close();
      }
    },
    TIMEOUT,
  );

  it(
    'writes readable lines on a terminal',
    async () => {
      const dataDir = await freshDataDir();
      // `script` gives the process a terminal of its own; exec leaves no shell in between.
      const command = ['exec', process.execPath, ...bundle()].join(' ');
      const server = spawnServerCommand('script', ['-qfec', command, '/dev/null'], {
        DATA_DIR: dataDir,
      });
      children.push(server);
      await server.ready;
      const lock = parseLockFile(readFileSync(path.join(dataDir, 'server.pid'), 'utf8'));
      expect(lock?.pid).toBeGreaterThan(0);
      process.kill(lock?.pid ?? 0, 'SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });

      // eslint-disable-next-line no-control-regex -- terminal colour codes
      const text = server.output().replace(/\u001b\[[0-9;]*m/g, '');
      expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: HabitQuest is ready on port \d+\r?$/m);
      expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: stopped\r?$/m);
      expect(text).not.toMatch(/^\{/m);
      expect(pgliteState(dataDir)).toBe(PG_SHUT_DOWN);
    },
    TIMEOUT,
  );
});
