import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, startTestServer, type TestServer } from '../../test/harness';
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
