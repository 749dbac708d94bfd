/**
 * Creates with the id their client made (docs/offline.md): the offline queue names a habit,
 * reward or category before the server has it, and may send its create twice.
 */
import { FREE_LIMITS } from '@habitquest/core/plan';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, signUp, startTestServer, type TestServer } from '../../test/harness';
import { CLIENT_ID_TAKEN } from './client-made-id';

type Json = Record<string, unknown>;

const RESOURCES = [
  { name: 'habits', path: '/api/habits', body: (n: number) => ({ title: `Habit ${n}` }) },
  { name: 'rewards', path: '/api/rewards', body: (n: number) => ({ name: `Reward ${n}` }) },
  // Stored uppercase; the protected fallback category is not counted by the plan.
  { name: 'categories', path: '/api/categories', body: (n: number) => ({ name: `AREA ${n}` }) },
] as const;

describe.each(DATABASE_KINDS)('client-made ids on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  describe.each(RESOURCES)('$name', (resource) => {
    /** The rows the free plan counts. */
    const count = async (client: Awaited<ReturnType<typeof signUp>>['client']) =>
      (await client.get<Json[]>(resource.path)).body.filter((row) => row.isFallback !== true)
        .length;

    it('creates with the given id, and a second send answers that row without a new one', async () => {
      const { client } = await signUp(server);
      const before = await count(client);
      const id = randomUUID();
      const first = await client.post<Json>(resource.path, { id, ...resource.body(1) });
      expect(first.status).toBe(201);
      expect(first.body.id).toBe(id);
      // Another key (an expired one, a second device): still the same row, not a copy.
      const again = await client.post<Json>(resource.path, { id, ...resource.body(1) });
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(await count(client)).toBe(before + 1);
    });

    it('answers the existing row even when the free plan is full', async () => {
      const { client } = await signUp(server);
      const id = randomUUID();
      let n = await count(client);
      expect((await client.post(resource.path, { id, ...resource.body(0) })).status).toBe(201);
      n += 1;
      for (; n < FREE_LIMITS[resource.name]; n += 1) {
        expect((await client.post(resource.path, resource.body(n))).status).toBe(201);
      }
      const over = await client.post<Json>(resource.path, resource.body(99));
      expect(over.body).toMatchObject({ error: { code: 'LIMIT_REACHED' } });
      const replayed = await client.post<Json>(resource.path, { id, ...resource.body(0) });
      expect(replayed.status).toBe(201);
      expect(replayed.body.id).toBe(id);
      expect(await count(client)).toBe(FREE_LIMITS[resource.name]);
    });

    it("refuses another account's id without telling anything about its row", async () => {
      const owner = await signUp(server);
      const other = await signUp(server);
      const id = randomUUID();
      expect((await owner.client.post(resource.path, { id, ...resource.body(1) })).status).toBe(
        201,
      );
      const before = await count(other.client);
      const taken = await other.client.post<Json>(resource.path, { id, ...resource.body(2) });
      expect(taken.status).toBe(400);
      expect(taken.body).toEqual({
        error: {
          code: 'VALIDATION',
          message: CLIENT_ID_TAKEN,
          issues: [{ path: 'id', message: CLIENT_ID_TAKEN }],
        },
      });
      expect(await count(other.client)).toBe(before);
      const owned = (await owner.client.get<Json[]>(resource.path)).body.find((r) => r.id === id);
      expect(owned).toMatchObject(resource.body(1));
    });

    it('refuses an id that is not a UUID and changes nothing', async () => {
      const { client } = await signUp(server);
      const before = await count(client);
      for (const id of ['1', 'not-a-uuid', 42, null]) {
        const response = await client.post<Json>(resource.path, { id, ...resource.body(1) });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ error: { code: 'VALIDATION' } });
      }
      expect(await count(client)).toBe(before);
    });
  });
});
