import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_LOCK_ID } from '../db/client';
import {
  createTestDatabase,
  DATABASE_KINDS,
  startTestServer,
  type TestServer,
} from '../../test/harness';
import { freePort } from '../../test/free-port';
import { NOT_READY, startingApp } from './health';

describe.each(DATABASE_KINDS)('health and readiness on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('is alive and ready once started', async () => {
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true, db: kind });
    const ready = await fetch(`${server.url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, db: kind });
  });

  if (kind === 'postgres')
    it('stays alive but is not ready when the database cannot be reached', async () => {
      // Every connection of the pool is ended by force, as when the database goes away.
      await server.database.db.execute(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      await server.database.close();
      const ready = await fetch(`${server.url}/api/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ ready: false, reason: NOT_READY.database });
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    });
});

describe('while the server starts', () => {
  const app = startingApp();

  it('is alive, not ready, and asks every other request to come back', async () => {
    expect(await (await app.request('/api/health')).json()).toEqual({ ok: true, starting: true });
    const ready = await app.request('/api/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ ready: false, reason: NOT_READY.starting });
    const me = await app.request('/api/me');
    expect(me.status).toBe(503);
    expect(me.headers.get('retry-after')).toBe('5');
    expect(await me.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } });
    expect((await app.request('/')).status).toBe(503);
  });
});

describe('while the migrations run on postgres', () => {
  it('is alive and not ready until they are applied, then ready', async () => {
    const database = await createTestDatabase();
    // Another instance's migrations, as seen from this one: the advisory lock they run under.
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    await other.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    let server: TestServer | undefined;
    try {
      const port = await freePort();
      const url = `http://127.0.0.1:${String(port)}`;
      const starting = startTestServer('postgres', {
        env: { DATABASE_URL: database.url, PORT: String(port) },
        keepDatabase: true,
      });
      const health = await untilAnswered(`${url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ ok: true, starting: true });
      const ready = await fetch(`${url}/api/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ ready: false, reason: NOT_READY.starting });
      const me = await fetch(`${url}/api/me`);
      expect(me.status).toBe(503);
      expect(me.headers.get('retry-after')).toBe('5');

      await other.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
      server = await starting;
      const after = await fetch(`${url}/api/ready`);
      expect(after.status).toBe(200);
      expect(await after.json()).toEqual({ ready: true, db: 'postgres' });
    } finally {
      await other.end();
      await server?.stop();
      await database.drop();
    }
  });
});

/** Fetches `url` until something listens there (the server opens its port before migrating). */
async function untilAnswered(url: string): Promise<Response> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    try {
      return await fetch(url);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`nothing answered at ${url}`);
}
