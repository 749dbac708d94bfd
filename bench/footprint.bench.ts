/**
 * The embedded server's footprint (issue 18): the production bundle (plain Node, no tsx) on
 * PGlite in a temporary DATA_DIR. Prints the resident memory (RSS) idle and under load, and how
 * long a start on an existing data directory takes to answer /api/ready. Targets: idle ≤ 300 MB,
 * ≤ 400 MB under load, second start ≤ 3 s. Figures, never asserted: see docs/performance.md.
 *
 * BENCH_SERVER_MAIN=<main.js> reuses a server bundle; BENCH_SECONDS sets the load phase (8 s).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  BenchUser,
  buildServer,
  loadAverage,
  rssMb,
  runLoad,
  seedYear,
  startProduction,
  today,
  type LoadRequest,
  type Production,
} from './production';

const USERS = 5;
const CONNECTIONS = 20;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const SETTLE_MS = 5_000;

const mb = (value: number) => `${value.toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** RSS once the process has been left alone for a while (the start's garbage collected). */
async function idleRss(server: Production): Promise<number> {
  await sleep(SETTLE_MS);
  return rssMb(server.pid);
}

async function main(): Promise<void> {
  console.log(`load average at start: ${loadAverage()}`);
  const bundle = process.env.BENCH_SERVER_MAIN ? null : buildServer();
  const main = process.env.BENCH_SERVER_MAIN ?? bundle?.main ?? '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hq-bench-footprint-'));
  try {
    // First start: creates the database (initdb) and applies every migration.
    const first = await startProduction({ main, dataDir });
    console.log(
      `first start (new data directory):   ready in ${(first.startMs / 1000).toFixed(2)} s, RSS ${mb(rssMb(first.pid))} at ready, ${mb(await idleRss(first))} idle`,
    );
    const users: BenchUser[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const user = await BenchUser.signUp(first.url);
      await seedYear(user);
      users.push(user);
    }
    console.log(
      `after ${String(USERS)} users × 15 habits × a year imported: RSS ${mb(rssMb(first.pid))}`,
    );
    await first.stop();

    // Second start: what every later start and restart costs.
    const second = await startProduction({ main, dataDir });
    const idle = await idleRss(second);
    console.log(
      `second start (existing data):       ready in ${(second.startMs / 1000).toFixed(2)} s (target ≤ 3 s), idle RSS ${mb(idle)} (target ≤ 300 MB)`,
    );

    // Load: each connection reads a user's dashboard and toggles one of their habits for today.
    const day = today();
    const monthStart = `${day.slice(0, 7)}-01`;
    const yearStart = `${day.slice(0, 4)}-01-01`;
    const clients: LoadRequest[][] = [];
    for (const user of users.map((signedUp) => signedUp.at(second.url))) {
      const habits = (await (await user.send('GET', '/api/habits')).json()) as { id: string }[];
      const headers = { cookie: user.cookie, origin: second.url };
      const write = { ...headers, 'content-type': 'application/json' };
      const toggle = `/api/habits/${habits[0]?.id ?? ''}/completions/${day}`;
      clients.push([
        { method: 'GET', path: '/api/me', headers },
        { method: 'GET', path: '/api/habits', headers },
        { method: 'GET', path: `/api/completions?from=${monthStart}&to=${day}`, headers },
        { method: 'GET', path: `/api/completions?from=${yearStart}&to=${day}`, headers },
        { method: 'PUT', path: toggle, headers: write, body: '{"completed":true}' },
        { method: 'PUT', path: toggle, headers: write, body: '{"completed":false}' },
      ]);
    }
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(second.pid));
    }, 100);
    const result = await runLoad({
      url: second.url,
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      clients,
    });
    clearInterval(sampler);
    const faults = result.errors + result.non2xx;
    console.log(
      `under load (${String(CONNECTIONS)} connections, ${String(DURATION_SECONDS)} s, dashboard reads + toggles): peak RSS ${mb(peak)} (target ≤ 400 MB); ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${String(result.p50)} ms, p99 ${String(result.p99)} ms${faults ? `, ${String(faults)} errors/non-2xx` : ''}`,
    );
    console.log(`idle again after the load: RSS ${mb(await idleRss(second))}`);
    await second.stop();
    console.log(`load average at end: ${loadAverage()}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    bundle?.remove();
  }
}

await main();
