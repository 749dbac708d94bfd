/** Concurrency on PostgreSQL (PGlite has a single connection, so nothing races there). */
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { completions, progress } from '../db/schema';
import { ledgerSums } from '../progress/ledger';
import {
  createTestDatabase,
  signUp,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../test/harness';
import { userIdOf } from '../../test/rewards-support';

const NOW = new Date('2026-06-15T12:00:00Z');
const TRIALS = 5;

describe('races on postgres', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('postgres', { now: () => NOW });
  });
  afterAll(async () => {
    await server.stop();
  });

  async function expectLedgerMatches(userId: string): Promise<void> {
    const sums = await server.database.db.transaction((tx) => ledgerSums(tx, userId));
    const [cached] = await server.database.db
      .select()
      .from(progress)
      .where(eq(progress.userId, userId));
    expect(sums).toEqual({ xp: cached?.xp, points: cached?.points });
  }

  it('parallel set-state of one completion awards once', async () => {
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const { client } = await signUp(server);
      const habitId = String((await client.post('/api/habits', { title: 'Race' })).body.id);
      const wanted = Array.from({ length: 12 }, (_, i) => i % 3 !== 0);
      const answers = await Promise.all(
        wanted.map((completed) =>
          client.request('PUT', `/api/habits/${habitId}/completions/2026-06-15`, { completed }),
        ),
      );
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      const rows = await server.database.db
        .select()
        .from(completions)
        .where(eq(completions.habitId, habitId));
      expect(rows.length).toBeLessThanOrEqual(1);
      const userId = await userIdOf(client);
      await expectLedgerMatches(userId);
      const [cached] = await server.database.db
        .select()
        .from(progress)
        .where(eq(progress.userId, userId));
      expect(cached?.xp).toBe(rows.length * 10);
    }
  });

  it('10 parallel creates at 14 habits: exactly one succeeds', async () => {
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const { client } = await signUp(server);
      for (let i = 0; i < 14; i += 1) await client.post('/api/habits', { title: `Habit ${i}` });
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => client.post('/api/habits', { title: `Racer ${i}` })),
      );
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
      expect(answers.filter((answer) => answer.status === 403)).toHaveLength(9);
      expect((await client.get('/api/me')).body).toMatchObject({
        plan: { counts: { habits: 15 } },
      });
    }
  });

  it('one Idempotency-Key applies once, even when sent in parallel', async () => {
    const { client } = await signUp(server);
    const key = 'create-habit-once';
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        client.post('/api/habits', { title: 'Once' }, { 'idempotency-key': key }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((answer) => answer.status === 201 || answer.status === 409)).toBe(true);
    expect((await client.get<unknown[]>('/api/habits')).body).toHaveLength(1);
  });

  it('one key sent to two instances at once, one way each, applies once and never deadlocks', async () => {
    // Instance A keeps the user's inputs, so its change is the one-statement way; instance B has
    // never seen the user, so its change is the two-round-trip way. Both ways claim the key
    // before they take the user's lock: were one of them to lock first, it could hold the lock
    // while it waits on the other's claim, which waits for the lock.
    const database = await createTestDatabase();
    const env = { DATABASE_URL: database.url };
    const a = await startTestServer('postgres', { env, keepDatabase: true, now: () => NOW });
    const b = await startTestServer('postgres', { env, keepDatabase: true, now: () => NOW });
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      const { client, email, password } = await signUp(a);
      const habitId = String((await client.post('/api/habits', { title: 'Both' })).body.id);
      const path = `/api/habits/${habitId}/completions/2026-06-14`;
      expect((await client.request('PUT', path, { completed: true })).status).toBe(200);
      const onB = new TestClient(b.url);
      expect((await onB.post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
      const userId = await userIdOf(client);
      const waiting = async (count: number) => {
        await vi.waitFor(async () => {
          const { rows } = await holder.query<{ waiting: number }>(
            "select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
          );
          expect(rows[0]?.waiting).toBe(count);
        });
      };
      await holder.query('begin');
      await holder.query('select 1 from progress where user_id = $1 for update', [userId]);
      const key = { 'idempotency-key': 'undo-once' };
      const first = client.request('PUT', path, { completed: false }, key);
      await waiting(1);
      const second = onB.request('PUT', path, { completed: false }, key);
      await waiting(2);
      await holder.query('commit');
      const answers = await Promise.all([first, second]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(answers[1].body).toEqual(answers[0].body);
      expect(answers[0].body).toMatchObject({ added: false, completion: null });
      const { rows } = await holder.query<{ kind: string }>(
        'select kind from ledger where user_id = $1 order by created_at',
        [userId],
      );
      expect(rows.map((row) => row.kind)).toEqual(['earn', 'undo']);
    } finally {
      await holder.end();
      await a.stop();
      await b.stop();
      await database.drop();
    }
  });
});
