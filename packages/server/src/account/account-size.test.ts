import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED, seedUser } from '../../test/backup-fixture';
import { userIdOf } from '../../test/rewards-support';
import { DATABASE_KINDS, signUp, startTestServer, type TestServer } from '../../test/harness';

describe.each(DATABASE_KINDS)('GET /api/account/size on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  it("counts the user's own rows only and sizes them in bytes", async () => {
    const { client } = await signUp(server);
    const fresh = await client.get<Record<string, number>>('/api/account/size');
    expect(fresh.status).toBe(200);
    // A new account holds its default categories and nothing else of its own.
    expect(fresh.body).toMatchObject({
      habits: 0,
      completions: 0,
      rewards: 0,
      inventory: 0,
      ledger: 0,
    });
    expect(fresh.body.categories).toBeGreaterThan(0);
    expect(fresh.body.bytes).toBeGreaterThan(0);

    const userId = await userIdOf(client);
    await seedUser(server.database.db, userId, 'S');
    const other = await signUp(server);
    await seedUser(server.database.db, await userIdOf(other.client), 'T');

    const seeded = await client.get<Record<string, number>>('/api/account/size');
    expect(seeded.body).toMatchObject({
      habits: SEEDED.habits,
      completions: SEEDED.completions,
      categories: SEEDED.categories,
      rewards: SEEDED.rewards,
      inventory: SEEDED.inventory,
    });
    expect(seeded.body.ledger).toBeGreaterThan(0);
    expect(seeded.body.bytes).toBeGreaterThan(fresh.body.bytes ?? 0);
    expect(Object.values(seeded.body).every((value) => Number.isInteger(value))).toBe(true);
  });

  it('needs a session', async () => {
    const answer = await fetch(`${server.url}/api/account/size`);
    expect(answer.status).toBe(401);
  });
});
