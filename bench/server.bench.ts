/**
 * Server throughput on PostgreSQL, against a bare baseline measured in the same run:
 *  (1) baseline: a bare Hono endpoint doing one INSERT through pg — the machine's limit;
 *  (2) the completion set-state path (PUT /api/habits/:id/completions/:date), many users;
 *  (3) the dashboard read path (GET /api/me + /api/habits + a month of /api/completions) for
 *      users with 15 habits and a year of history.
 * Targets (issue 4, 50 connections, 2 cores): (2) ≥ 50% of (1) with p99 < 50 ms; (3) ≥ 2000 req/s
 * with p99 < 100 ms. Figures are printed, never asserted: see docs/performance.md.
 */
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { addDays } from '@habitquest/core/dates';
import { lockUser, recordLedger } from '@habitquest/server/progress/ledger';
import { completions } from '@habitquest/server/db/schema';
import {
  createTestDatabase,
  signUp,
  startTestServer,
  type TestClient,
} from '@habitquest/server/test/harness';
import { Hono } from 'hono';
import pg from 'pg';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const TODAY = new Date().toISOString().slice(0, 10);

type Request = { method: string; path: string; headers?: Record<string, string>; body?: string };
type LoadResult = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
};

/** Runs the load generator in its own process; the servers under test keep this event loop. */
function load(url: string, clients: Request[][]): Promise<LoadResult> {
  const config = { url, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS, clients };
  return new Promise((resolve, reject) => {
    const child = spawn('node', [
      path.join(import.meta.dirname, 'load.mjs'),
      JSON.stringify(config),
    ]);
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(output) as LoadResult);
      else reject(new Error(`load generator failed: ${errors}`));
    });
  });
}

function print(name: string, result: LoadResult): void {
  const faults = result.errors + result.non2xx;
  console.log(
    `${name.padEnd(40)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${String(result.p50).padStart(4)} ms   p99 ${String(result.p99).padStart(4)} ms${faults ? `   ${faults} errors/non-2xx` : ''}`,
  );
}

async function baseline(): Promise<LoadResult> {
  const database = await createTestDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  // The drop below ends any connection still open; that is expected, not a crash.
  pool.on('error', () => undefined);
  await pool.query('create table bench_baseline (id serial primary key, value text not null)');
  const app = new Hono();
  app.post('/baseline', async (c) => {
    await pool.query('insert into bench_baseline (value) values ($1)', ['x']);
    return c.json({ ok: true });
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => {
      resolve(s);
    });
  });
  const port = (server.address() as AddressInfo).port;
  const result = await load(`http://127.0.0.1:${port}`, [[{ method: 'POST', path: '/baseline' }]]);
  await new Promise((resolve) => server.close(resolve));
  await pool.end();
  await database.drop();
  return result;
}

async function seedHistory(
  server: Awaited<ReturnType<typeof startTestServer>>,
  client: TestClient,
): Promise<void> {
  for (let i = 0; i < 15; i += 1) await client.post('/api/habits', { title: `Habit ${i}` });
  const me = (await client.get('/api/me')).body as { user: { id: string } };
  const userId = me.user.id;
  const own = (await client.get<{ id: string }[]>('/api/habits')).body;
  await server.database.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const values = own.flatMap((habit) =>
      Array.from({ length: 365 }, (_, day) => {
        const date = addDays(TODAY, -day - 1);
        return {
          habitId: habit.id,
          userId,
          completionDate: date,
          periodKey: date,
          xpEarned: 10,
          pointsEarned: 5,
        };
      }),
    );
    for (let start = 0; start < values.length; start += 1000) {
      await tx.insert(completions).values(values.slice(start, start + 1000));
    }
    await recordLedger(tx, {
      userId,
      kind: 'earn',
      xpDelta: values.length * 10,
      pointsDelta: values.length * 5,
    });
  });
}

async function main(): Promise<void> {
  console.log(
    `50 connections, ${DURATION_SECONDS} s each, PostgreSQL at ${process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'}\n`,
  );
  const bare = await baseline();
  print('(1) baseline: bare Hono + one INSERT', bare);

  const server = await startTestServer('postgres');
  const headersOf = (client: TestClient) => ({
    cookie: client.cookieHeader,
    origin: 'http://habitquest.test',
    'content-type': 'application/json',
  });

  const writers: Request[][] = [];
  for (let i = 0; i < CONNECTIONS; i += 1) {
    const { client } = await signUp(server);
    const habit = (await client.post('/api/habits', { title: 'Bench' })).body as { id: string };
    const url = `/api/habits/${habit.id}/completions/${TODAY}`;
    writers.push([
      { method: 'PUT', path: url, headers: headersOf(client), body: '{"completed":true}' },
      { method: 'PUT', path: url, headers: headersOf(client), body: '{"completed":false}' },
    ]);
  }
  const completion = await load(server.url, writers);
  print('(2) completion set-state', completion);

  const readers: Request[][] = [];
  const monthStart = `${TODAY.slice(0, 7)}-01`;
  for (let i = 0; i < 5; i += 1) {
    const { client } = await signUp(server);
    await seedHistory(server, client);
    const headers = { cookie: client.cookieHeader };
    readers.push([
      { method: 'GET', path: '/api/me', headers },
      { method: 'GET', path: '/api/habits', headers },
      { method: 'GET', path: `/api/completions?from=${monthStart}&to=${TODAY}`, headers },
    ]);
  }
  const dashboard = await load(server.url, readers);
  print('(3) dashboard reads (me, habits, month)', dashboard);
  await server.stop();

  console.log(
    `\nratio (2)/(1): ${(completion.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}   (target ≥ 0.50, p99 < 50 ms)`,
  );
  console.log(
    `(3): ${dashboard.requestsPerSecond.toFixed(0)} req/s   (target ≥ 2000, p99 < 100 ms)`,
  );
}

await main();
