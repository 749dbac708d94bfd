/**
 * The bare baselines of bench/server.bench.ts: Hono endpoints on a database of their own, with
 * none of the product around them, measured with the same load as the paths they are read
 * against.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createTestDatabase } from '@habitquest/server/test/harness';
import { Hono } from 'hono';
import pg from 'pg';
import type { LoadRequest, LoadResult } from './production';

type Load = (url: string, clients: LoadRequest[][]) => Promise<LoadResult>;

/**
 * Serves what `routes` adds to a bare Hono app over a pool of a fresh database prepared by
 * `setUp`, runs `clients` against it, and drops it all.
 */
async function measureBare(options: {
  setUp: string;
  routes: (app: Hono, pool: pg.Pool) => void;
  clients: LoadRequest[][];
  load: Load;
}): Promise<LoadResult> {
  const database = await createTestDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  // The drop below ends any connection still open; that is expected, not a crash.
  pool.on('error', () => undefined);
  await pool.query(options.setUp);
  const app = new Hono();
  options.routes(app, pool);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => {
      resolve(s);
    });
  });
  const port = (server.address() as AddressInfo).port;
  const result = await options.load(`http://127.0.0.1:${String(port)}`, options.clients);
  await new Promise((resolve) => server.close(resolve));
  await pool.end();
  await database.drop();
  return result;
}

/** (1), (1b): one statement through pg, the machine's limit for that statement. */
export function baseline(kind: 'insert' | 'select', load: Load): Promise<LoadResult> {
  let next = 0;
  return measureBare({
    setUp: `create table bench_baseline (id serial primary key, value text not null);
      insert into bench_baseline (value) select 'x' from generate_series(1, 1000);`,
    routes: (app, pool) => {
      app.post('/baseline', async (c) => {
        await pool.query('insert into bench_baseline (value) values ($1)', ['x']);
        return c.json({ ok: true });
      });
      app.get('/baseline', async (c) => {
        next = (next % 1000) + 1;
        const { rows } = await pool.query('select id, value from bench_baseline where id = $1', [
          next,
        ]);
        return c.json(rows[0]);
      });
    },
    clients: [[{ method: kind === 'insert' ? 'POST' : 'GET', path: '/baseline' }]],
    load,
  });
}

/**
 * (1c): the set-state's unavoidable work with nothing else, as a floor to read (2) against.
 * Each connection is a user of its own with a session token, toggling one completion (the body
 * says which way, as (2)'s does). Round trip 1 checks the session; round trip 2 is one message
 * (the simple-query protocol: values written in as literals, numbers and fixed strings only):
 * BEGIN, the lock, one statement that writes the completion, the ledger entry and the balances,
 * the NOTIFY, and COMMIT.
 */
export function comparableBaseline(connections: number, load: Load): Promise<LoadResult> {
  return measureBare({
    setUp: comparableTables(connections),
    routes: (app, pool) => {
      app.put('/baseline', async (c) => {
        const token = c.req.header('x-token') ?? '';
        const { rows } = await pool.query<{ user_id: number }>(
          'select user_id from bench_sessions where token = $1',
          [token],
        );
        const userId = rows[0]?.user_id;
        if (userId === undefined) return c.json({ error: 'signed out' }, 401);
        const { completed } = await c.req.json<{ completed: boolean }>();
        const change = completed
          ? `with added as (insert into bench_completions values (${String(userId)}, 1, 10)
               on conflict do nothing returning xp)`
          : `with added as (delete from bench_completions where user_id = ${String(userId)} and day = 1
               returning -xp as xp)`;
        await pool.query(`begin;
          select xp from bench_progress where user_id = ${String(userId)} for update;
          ${change}, entry as (insert into bench_ledger (user_id, xp, points)
              select ${String(userId)}, xp, xp / 2 from added returning xp, points)
            update bench_progress set xp = bench_progress.xp + entry.xp,
              points = bench_progress.points + entry.points
            from entry where bench_progress.user_id = ${String(userId)};
          select pg_notify('bench_events', '{"type":"completions","user":${String(userId)}}');
          commit;`);
        return c.json({ added: completed });
      });
    },
    clients: togglingClients(connections),
    load,
  });
}

/**
 * (1d): (1c)'s work in one round trip: one prepared statement, in a transaction of its own, that
 * looks the session up, locks the balances, writes the completion and the ledger entry and moves
 * the balances. No NOTIFY: the product publishes a change's events after its commit, many changes'
 * together (realtime/bus.ts), so they are not part of one change's statement. The floor a
 * set-state made of one statement could reach.
 */
export function oneStatementBaseline(connections: number, load: Load): Promise<LoadResult> {
  const lockedUser = `with session as (select user_id from bench_sessions where token = $1),
    locked as (select user_id from bench_progress
      where user_id = (select user_id from session) for update)`;
  const moveBalances = `entry as (insert into bench_ledger (user_id, xp, points)
      select user_id, xp, xp / 2 from changed returning user_id, xp, points),
    moved as (update bench_progress set xp = bench_progress.xp + entry.xp,
      points = bench_progress.points + entry.points
      from entry where bench_progress.user_id = entry.user_id returning 1)
    select user_id, (select count(*) from moved) as changed from locked`;
  const add = `${lockedUser},
    changed as (insert into bench_completions select user_id, 1, 10 from locked
      on conflict do nothing returning user_id, xp), ${moveBalances}`;
  const remove = `${lockedUser},
    changed as (delete from bench_completions c using locked
      where c.user_id = locked.user_id and c.day = 1 returning c.user_id, -c.xp as xp),
    ${moveBalances}`;
  return measureBare({
    setUp: comparableTables(connections),
    routes: (app, pool) => {
      app.put('/baseline', async (c) => {
        const token = c.req.header('x-token') ?? '';
        const { completed } = await c.req.json<{ completed: boolean }>();
        const { rows } = await pool.query<{ user_id: number }>({
          name: completed ? 'bench-add' : 'bench-remove',
          text: completed ? add : remove,
          values: [token],
        });
        if (rows.length === 0) return c.json({ error: 'signed out' }, 401);
        return c.json({ added: completed });
      });
    },
    clients: togglingClients(connections),
    load,
  });
}

/** The plain tables of (1c) and (1d): a session, balances and one completion to toggle per user. */
function comparableTables(users: number): string {
  return `
    create table bench_sessions (token text primary key, user_id int not null);
    create table bench_progress (user_id int primary key, xp int not null, points int not null);
    create table bench_completions (user_id int not null, day int not null, xp int not null,
      primary key (user_id, day));
    create table bench_ledger (id bigserial primary key, user_id int not null, xp int not null,
      points int not null);
    insert into bench_sessions select 'token-' || n, n from generate_series(1, ${String(users)}) n;
    insert into bench_progress select n, 0, 0 from generate_series(1, ${String(users)}) n;
  `;
}

/** A user per connection, adding and removing their completion in turn, as (2)'s users do. */
function togglingClients(users: number): LoadRequest[][] {
  return Array.from({ length: users }, (_, index): LoadRequest[] => {
    const headers = { 'x-token': `token-${String(index + 1)}`, 'content-type': 'application/json' };
    return [
      { method: 'PUT', path: '/baseline', headers, body: '{"completed":true}' },
      { method: 'PUT', path: '/baseline', headers, body: '{"completed":false}' },
    ];
  });
}
