/**
 * The server as a real process: one per data directory, a graceful SIGTERM, and kill -9 in the
 * middle of writes. The three tests run side by side; each starts its own processes.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLockFile } from './data-dir';
import {
  PG_IN_PRODUCTION,
  PG_SHUT_DOWN,
  pgliteState,
  spawnServerFile,
  type ChildServer,
} from '../test/child-server';
import {
  createTestDatabase,
  DATABASE_KINDS,
  pgliteTemplate,
  signUp,
  TEST_AUTH_SECRET,
  TEST_ORIGIN,
  TestClient,
} from '../test/harness';

/** Starting a process costs seconds on a busy machine (TypeScript, then the database). */
const PROCESS_TIMEOUT = 120_000;

/** A data directory holding an already migrated embedded database. */
async function freshDataDir(kind: 'pglite' | 'postgres' = 'pglite'): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hq-process-'));
  if (kind === 'pglite') cpSync(await pgliteTemplate(), dataDir, { recursive: true });
  return dataDir;
}

async function urlOf(server: ChildServer): Promise<string> {
  return `http://127.0.0.1:${String(await server.ready)}`;
}

/**
 * A PATCH /api/settings whose body arrives in two parts, so the request is provably in flight
 * (headers read, handler waiting for the body) until `finish` sends the rest.
 */
function patchInTwoParts(url: string, cookie: string, body: unknown) {
  const payload = JSON.stringify(body);
  const request = http.request(`${url}/api/settings`, {
    method: 'PATCH',
    agent: false,
    headers: {
      origin: TEST_ORIGIN,
      cookie,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: text });
      });
    });
    request.on('error', reject);
  });
  request.write(payload.slice(0, 5));
  return { response, finish: () => request.end(payload.slice(5)) };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens a fresh connection (no keep-alive pool): 'connected', or the error's code. */
function connect(url: string): Promise<string> {
  return new Promise((resolve) => {
    const request = http.get(`${url}/api/health`, { agent: false }, (response) => {
      response.resume();
      resolve('connected');
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      resolve(error.code ?? error.message);
    });
  });
}

/** Reads a stream to its end (or to the connection dropping). */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array> | undefined): Promise<void> {
  for (;;) {
    const chunk = await reader?.read().catch(() => null);
    if (!chunk || chunk.done) return;
  }
}

describe.concurrent('the server process', () => {
  it(
    'refuses a second process on its DATA_DIR and stops gracefully on SIGTERM (no new connections, requests finished, streams ended, the database closed cleanly)',
    async () => {
      const dataDir = await freshDataDir();
      const first = spawnServerFile('main.ts', { DATA_DIR: dataDir });
      try {
        const url = await urlOf(first);
        const pid = String(first.child.pid);
        const second = spawnServerFile('main.ts', { DATA_DIR: dataDir });
        const admin = spawnServerFile('admin/cli.ts', { DATA_DIR: dataDir }, ['list-users']);
        expect((await second.exited).code).toBe(1);
        expect(second.output()).toContain(
          `Another HabitQuest server (pid ${pid}) is using ${dataDir}. Stop it first`,
        );
        expect((await admin.exited).code).toBe(1);
        expect(admin.output()).toContain(`A HabitQuest server (pid ${pid}) is using ${dataDir}.`);
        expect((await fetch(`${url}/api/health`)).status).toBe(200);

        const { client } = await signUp({ url });
        const stream = await fetch(`${url}/api/events`, {
          headers: { cookie: client.cookieHeader },
        });
        const reader = stream.body?.getReader();
        expect((await reader?.read())?.done).toBe(false);
        const patch = patchInTwoParts(url, client.cookieHeader, { theme: 'dark' });
        await pause(300);
        expect(pgliteState(dataDir)).toBe(PG_IN_PRODUCTION);
        first.child.kill('SIGTERM');
        await pause(300);
        // No new connection is accepted while the request in flight is still being answered.
        expect(await connect(url)).toBe('ECONNREFUSED');
        patch.finish();
        const answered = await patch.response;
        expect(answered.status).toBe(200);
        expect(JSON.parse(answered.body)).toMatchObject({ theme: 'dark' });
        // The event stream ends instead of holding the shutdown open.
        await drain(reader);
        expect(await first.exited).toEqual({ code: 0, signal: null });
        expect(first.output()).toContain('"msg":"stopped"');
        expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
        // The embedded database was closed cleanly: its next start needs no recovery.
        expect(pgliteState(dataDir)).toBe(PG_SHUT_DOWN);
      } finally {
        first.child.kill('SIGKILL');
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    PROCESS_TIMEOUT,
  );

  it.each(DATABASE_KINDS)(
    'loses no answered write to kill -9 on %s, and restarts over the stale lock',
    async (kind) => {
      const dataDir = await freshDataDir(kind);
      const database = kind === 'postgres' ? await createTestDatabase() : null;
      const env = {
        DATA_DIR: dataDir,
        ...(database ? { DATABASE_URL: database.url, AUTH_SECRET: TEST_AUTH_SECRET } : {}),
      };
      const children: ChildServer[] = [];
      try {
        const victim = spawnServerFile('main.ts', env);
        children.push(victim);
        const { client } = await signUp({ url: await urlOf(victim) });

        let lastAnswered = 0;
        let lastSent = 0;
        const writes = (async () => {
          for (let step = 1; step < 1000; step += 1) {
            lastSent = step;
            const response = await client
              .patch('/api/settings', { audio: { musicVolume: step / 1000 } })
              .catch(() => null);
            if (response?.status !== 200) return;
            lastAnswered = step;
          }
        })();
        while (lastAnswered < 20) await pause(5);
        victim.child.kill('SIGKILL');
        await writes;
        expect(await victim.exited).toEqual({ code: null, signal: 'SIGKILL' });
        if (kind === 'pglite') {
          // The killed process could not clean up: its pid is still in the lock file.
          const lock = parseLockFile(readFileSync(path.join(dataDir, 'server.pid'), 'utf8'));
          expect(lock?.pid).toBe(victim.child.pid);
          // …and the database was left open: the next start recovers it from its write-ahead log.
          expect(pgliteState(dataDir)).toBe(PG_IN_PRODUCTION);
        }

        const revived = spawnServerFile('main.ts', env);
        children.push(revived);
        const again = new TestClient(await urlOf(revived), { cookie: client.cookieHeader });
        const me = await again.get<{ settings: { audio: { musicVolume: number } } }>('/api/me');
        expect(me.status).toBe(200);
        const stored = Math.round(me.body.settings.audio.musicVolume * 1000);
        // Every answered write is there; the one in flight at the kill may or may not be.
        expect(stored).toBeGreaterThanOrEqual(lastAnswered);
        expect(stored).toBeLessThanOrEqual(lastSent);
        revived.child.kill('SIGTERM');
        expect((await revived.exited).code).toBe(0);
        if (kind === 'pglite') expect(pgliteState(dataDir)).toBe(PG_SHUT_DOWN);
      } finally {
        for (const child of children) child.child.kill('SIGKILL');
        await database?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    PROCESS_TIMEOUT,
  );

  it(
    'refuses to start on PostgreSQL without AUTH_SECRET, naming it',
    async () => {
      const dataDir = await freshDataDir('postgres');
      try {
        const server = spawnServerFile('main.ts', {
          DATA_DIR: dataDir,
          DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/not_used',
        });
        expect((await server.exited).code).toBe(1);
        expect(server.output()).toContain('AUTH_SECRET: required when DATABASE_URL is set');
        expect(server.output()).not.toContain('is ready');
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    PROCESS_TIMEOUT,
  );
});
