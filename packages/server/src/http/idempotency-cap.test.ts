import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdOf } from '../../test/rewards-support';
import { DATABASE_KINDS, signUp, startTestServer, type TestServer } from '../../test/harness';
import { KEYS_PER_TRIM, MAX_KEYS_PER_USER } from './idempotency';

describe.each(DATABASE_KINDS)('Idempotency-Keys per user on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  /** Stores `count` keys of the user from a day ago, oldest first: seed-0, seed-1, … */
  async function seedKeys(userId: string, count: number): Promise<void> {
    await server.database.db.execute(sql`
      insert into idempotency_keys (user_id, key, method, path, status, body, created_at)
      select ${userId}, 'seed-' || n, 'PATCH', '/api/settings', 200, null,
        now() - interval '1 day' + n * interval '1 millisecond'
      from generate_series(0, ${count - 1}) as n`);
  }

  async function keysOf(userId: string): Promise<string[]> {
    const result = await server.database.db.execute(
      sql`select key from idempotency_keys where user_id = ${userId}`,
    );
    return (result as { rows: { key: string }[] }).rows.map((row) => row.key);
  }

  it("keeps a user's newest keys up to the cap, and leaves other users' keys alone", async () => {
    const { client } = await signUp(server);
    const other = await signUp(server);
    const userId = await userIdOf(client);
    const otherId = await userIdOf(other.client);
    await seedKeys(userId, MAX_KEYS_PER_USER);
    await seedKeys(otherId, MAX_KEYS_PER_USER + 50);

    const sent: string[] = [];
    for (let index = 0; index < KEYS_PER_TRIM; index += 1) {
      const key = `fresh-${String(index)}`;
      const theme = index % 2 === 0 ? 'dark' : 'light';
      const answer = await client.patch('/api/settings', { theme }, { 'idempotency-key': key });
      expect(answer.status).toBe(200);
      sent.push(key);
    }

    // The last request trimmed the user's keys to the cap before claiming its own.
    const kept = new Set(await keysOf(userId));
    expect(kept.size).toBe(MAX_KEYS_PER_USER + 1);
    for (const key of sent) expect(kept.has(key)).toBe(true);
    // The oldest went first.
    const dropped = KEYS_PER_TRIM - 1;
    for (let index = 0; index < dropped; index += 1)
      expect(kept.has(`seed-${String(index)}`)).toBe(false);
    expect(kept.has(`seed-${String(dropped)}`)).toBe(true);
    // A kept key still replays.
    const replayed = await client.patch(
      '/api/settings',
      { theme: 'light' },
      { 'idempotency-key': `fresh-${String(KEYS_PER_TRIM - 1)}` },
    );
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');

    expect(await keysOf(otherId)).toHaveLength(MAX_KEYS_PER_USER + 50);
  });
});
