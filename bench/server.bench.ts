/**
 * Server throughput on PostgreSQL, against bare baselines measured in the same run:
 *  (1) baseline: a bare Hono endpoint doing one INSERT through pg — the machine's write limit;
 *  (1b) baseline: the same doing one single-row SELECT by primary key — its read limit;
 *  (1c) baseline: a bare Hono endpoint doing the least any correct set-state must: look the
 *      session up, then in one transaction lock the user's balances, add or delete the
 *      completion, write the ledger entry, move the balances and notify — in two round trips
 *      and five statements, as the set-state is built, on plain tables, no triggers, no rules;
 *  (1d) baseline: (1c)'s writes and session lookup in one prepared statement, one round trip,
 *      its events left to be published after the commit as the product does: what that work
 *      costs here at the least;
 *  (2) the completion set-state path (PUT /api/habits/:id/completions/:date), many users;
 *      (2b) the same with an Idempotency-Key on each request and a browser's Accept-Encoding,
 *      as the web app sends its changes;
 *      (2c) the same for users with 15 habits and a year of history (a 366-day streak);
 *  (3) the dashboard read path (GET /api/me + /api/habits + a month of completions, in the
 *      compact columns the web app asks for) for users with 15 habits and a year of history;
 *      (3b) the same with the month in the full form (/api/completions); (3c) (3) with
 *      Accept-Encoding as browsers send it, so the answers over 1 KB are gzip'd;
 *  (4) growth: (3) again once the database holds BENCH_GROWTH_COMPLETIONS (default 5 M) more
 *      completions of other users (BENCH_GROWTH_COMPLETIONS=0 leaves it out).
 * Under each figure, the CPU time a request took in the server (this process), in PostgreSQL (every
 * postgres process) and in the load generator; for (2) and (2b), the rate PostgreSQL's share alone
 * would allow on this machine, as a ratio to (1): the ceiling of any server in front of that SQL.
 * Targets (issue 18, 50 connections, 2 cores): (2) ≥ 50 % of (1) with p99 < 50 ms; (3) ≥ 35 % of
 * (1b) with p99 < 100 ms; (4) p50 ≤ 1.5 × (3)'s. Figures are printed, never asserted: see
 * docs/performance.md.
 */
import os from 'node:os';
import { addDays } from '@habitquest/core/dates';
import { lockUser, recordLedger } from '@habitquest/server/progress/ledger';
import { completions } from '@habitquest/server/db/schema';
import { signUp, startTestServer, type TestClient } from '@habitquest/server/test/harness';
import pg from 'pg';
import { baseline, comparableBaseline, oneStatementBaseline } from './baselines';
import { runLoad, type LoadRequest, type LoadResult } from './production';

const CONNECTIONS = 50;
/** What Chromium sends with every request. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const TODAY = new Date().toISOString().slice(0, 10);
const GROWTH_COMPLETIONS = Number(process.env.BENCH_GROWTH_COMPLETIONS ?? 5_000_000);
/** BENCH_ONLY=writes or BENCH_ONLY=reads runs one path and its baseline (to profile it alone). */
const ONLY = process.env.BENCH_ONLY;
const RUN_WRITES = ONLY !== 'reads';
const RUN_READS = ONLY !== 'writes';

/** Runs the load generator in its own process; the servers under test keep this event loop. */
function load(url: string, clients: LoadRequest[][]): Promise<LoadResult> {
  return runLoad({ url, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS, clients });
}

function print(name: string, result: LoadResult): void {
  const faults = result.errors + result.non2xx;
  console.log(
    `${name.padEnd(40)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${String(result.p50).padStart(4)} ms   p99 ${String(result.p99).padStart(4)} ms${faults ? `   ${faults} errors/non-2xx` : ''}`,
  );
  const { caller, postgres, loadGenerator } = result.cpu;
  const all = caller + postgres + loadGenerator;
  console.log(
    `${''.padEnd(40)} CPU a request: server ${us(caller)}, PostgreSQL ${us(postgres)}, load generator ${us(loadGenerator)}; ${String(CORES)} cores allow ${((CORES * 1e6) / all).toFixed(0)} req/s at most`,
  );
}

const CORES = os.availableParallelism();
const us = (micros: number) => `${micros.toFixed(0)} µs`;

/**
 * Whether a target ratio is within reach of this machine at all: the rate `path` could have if
 * only PostgreSQL's work for it took CPU (no server, no load generator), against the bare
 * baseline's measured rate.
 */
function ceiling(name: string, path: LoadResult, bare: LoadResult, target: number): void {
  const databaseOnly = (CORES * 1e6) / path.cpu.postgres;
  console.log(
    `${name} if only PostgreSQL took CPU: at most ${databaseOnly.toFixed(0)} req/s, ${(databaseOnly / bare.requestsPerSecond).toFixed(2)} of (1) (target ${target.toFixed(2)})`,
  );
}

/**
 * Other users' history, written straight into the tables by one statement each: `count` users
 * with 15 daily habits done every day of the past year, to make `total` completions.
 */
async function seedGrowth(url: string, total: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const perUser = 15 * 365;
  const users = Math.ceil(total / perUser);
  const started = performance.now();
  await client.query(
    `insert into auth_users (id, name, email) select 'growth-' || n, 'Growth ' || n, 'growth-' || n || '@example.com' from generate_series(1, $1) as n`,
    [users],
  );
  await client.query(
    `insert into hq_habits (user_id, name, frequency) select 'growth-' || n, 'Habit ' || h, 'daily' from generate_series(1, $1) as n, generate_series(1, 15) as h`,
    [users],
  );
  await client.query(
    `insert into hq_completions (habit_id, user_id, completion_date, period_key, xp_earned, points_earned)
       select h.id, h.user_id, d::date, d::date::text, 10, 5
         from hq_habits h, generate_series(current_date - 365, current_date - 1, interval '1 day') as d
        where h.user_id like 'growth-%'`,
  );
  await client.query('analyze');
  const { rows } = await client.query<{ n: string }>('select count(*) as n from hq_completions');
  await client.end();
  console.log(
    `seeded ${users} more users, ${Number(rows[0]?.n ?? 0).toLocaleString('en')} completions in all, in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return Number(rows[0]?.n ?? 0);
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
  console.log(`load average at the start: ${loadAverage()}`);
  const bare = RUN_WRITES ? await baseline('insert', load) : null;
  if (bare) print('(1) baseline: bare Hono + one INSERT', bare);
  const floor = RUN_WRITES ? await comparableBaseline(CONNECTIONS, load) : null;
  if (floor) print('(1c) baseline: the set-state floor', floor);
  const oneStatement = RUN_WRITES ? await oneStatementBaseline(CONNECTIONS, load) : null;
  if (oneStatement) print('(1d) baseline: the floor in one statement', oneStatement);
  const bareRead = RUN_READS ? await baseline('select', load) : null;
  if (bareRead) print('(1b) baseline: bare Hono + one SELECT', bareRead);

  const server = await startTestServer('postgres');
  const headersOf = (client: TestClient) => ({
    cookie: client.cookieHeader,
    origin: 'http://habitquest.test',
    'content-type': 'application/json',
  });

  let completion: LoadResult | null = null;
  let keyed: LoadResult | null = null;
  let withHistory: LoadResult | null = null;
  if (RUN_WRITES) {
    const writers: LoadRequest[][] = [];
    for (let i = 0; i < CONNECTIONS; i += 1) {
      const { client } = await signUp(server);
      const habit = (await client.post('/api/habits', { title: 'Bench' })).body as { id: string };
      const url = `/api/habits/${habit.id}/completions/${TODAY}`;
      writers.push([
        { method: 'PUT', path: url, headers: headersOf(client), body: '{"completed":true}' },
        { method: 'PUT', path: url, headers: headersOf(client), body: '{"completed":false}' },
      ]);
    }
    completion = await load(server.url, writers);
    print('(2) completion set-state', completion);
    // (2b) the same as the web app sends it: each change with an Idempotency-Key of its own,
    // from a browser, which accepts compressed answers.
    keyed = await load(
      server.url,
      writers.map((requests) =>
        requests.map((request) => ({
          ...request,
          headers: { ...request.headers, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
          freshIdempotencyKey: true as const,
        })),
      ),
    );
    print('(2b) set-state, Idempotency-Key', keyed);
    // (2c) users as the issue's reference user: 15 daily habits, each done every day of the
    // past year, toggling today's completion of one of them (a 366-day streak).
    const veterans: LoadRequest[][] = [];
    for (let i = 0; i < CONNECTIONS; i += 1) {
      const { client } = await signUp(server);
      await seedHistory(server, client);
      const [first] = (await client.get<{ id: string }[]>('/api/habits')).body;
      const url = `/api/habits/${first?.id ?? ''}/completions/${TODAY}`;
      veterans.push([
        { method: 'PUT', path: url, headers: headersOf(client), body: '{"completed":true}' },
        { method: 'PUT', path: url, headers: headersOf(client), body: '{"completed":false}' },
      ]);
    }
    withHistory = await load(server.url, veterans);
    print('(2c) set-state, a year of history', withHistory);
  }

  let dashboard: LoadResult | null = null;
  let grown: LoadResult | null = null;
  if (RUN_READS) {
    // The month's completions as the web app asks for them (the compact columns), and (3b) in
    // the full form, one object per completion, that other clients may use.
    const readers: LoadRequest[][] = [];
    const fullReaders: LoadRequest[][] = [];
    const browserReaders: LoadRequest[][] = [];
    const monthStart = `${TODAY.slice(0, 7)}-01`;
    for (let i = 0; i < 5; i += 1) {
      const { client } = await signUp(server);
      await seedHistory(server, client);
      const headers = { cookie: client.cookieHeader };
      const month = `from=${monthStart}&to=${TODAY}`;
      const me: LoadRequest = { method: 'GET', path: '/api/me', headers };
      const list: LoadRequest = { method: 'GET', path: '/api/habits', headers };
      readers.push([
        me,
        list,
        { method: 'GET', path: `/api/completions/columns?${month}`, headers },
      ]);
      fullReaders.push([me, list, { method: 'GET', path: `/api/completions?${month}`, headers }]);
      const gzipped = { ...headers, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
      browserReaders.push(
        [me, list, { method: 'GET', path: `/api/completions/columns?${month}` }].map((read) => ({
          ...read,
          headers: gzipped,
        })),
      );
    }
    dashboard = await load(server.url, readers);
    print('(3) dashboard reads (me, habits, month)', dashboard);
    print('(3b) the same, month in the full form', await load(server.url, fullReaders));
    print('(3c) (3) as a browser asks: gzip accepted', await load(server.url, browserReaders));
    if (GROWTH_COMPLETIONS > 0) {
      await seedGrowth(server.config.databaseUrl ?? '', GROWTH_COMPLETIONS);
      grown = await load(server.url, readers);
      print('(4) the same reads, after growth', grown);
    }
  }
  await server.stop();

  console.log('');
  if (completion && bare) {
    console.log(
      `ratio (2)/(1): ${(completion.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}   (target ≥ 0.50, p99 < 50 ms)`,
    );
  }
  if (keyed && bare) {
    console.log(
      `ratio (2b)/(1): ${(keyed.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}   (the web app's path)`,
    );
  }
  if (completion && floor) {
    console.log(
      `ratio (2)/(1c): ${(completion.requestsPerSecond / floor.requestsPerSecond).toFixed(2)}   (against the floor of the same work)`,
    );
  }
  if (keyed && floor) {
    console.log(
      `ratio (2b)/(1c): ${(keyed.requestsPerSecond / floor.requestsPerSecond).toFixed(2)}`,
    );
  }
  if (withHistory && floor) {
    console.log(
      `ratio (2c)/(1c): ${(withHistory.requestsPerSecond / floor.requestsPerSecond).toFixed(2)}   (the reference user)`,
    );
  }
  if (oneStatement && bare) {
    console.log(
      `ratio (1d)/(1): ${(oneStatement.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}   (the one-statement floor)`,
    );
  }
  if (completion && bare) ceiling('(2)', completion, bare, 0.5);
  if (keyed && bare) ceiling('(2b)', keyed, bare, 0.5);
  if (withHistory && bare) ceiling('(2c)', withHistory, bare, 0.5);
  if (dashboard && bareRead) {
    console.log(
      `ratio (3)/(1b): ${(dashboard.requestsPerSecond / bareRead.requestsPerSecond).toFixed(2)}   (target ≥ 0.35, p99 < 100 ms)`,
    );
  }
  if (grown && dashboard) {
    console.log(
      `p50 (4)/(3): ${(grown.p50 / Math.max(dashboard.p50, 1)).toFixed(2)}   (target ≤ 1.5)`,
    );
  }
  console.log(`load average at the end: ${loadAverage()}`);
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
}

await main();
