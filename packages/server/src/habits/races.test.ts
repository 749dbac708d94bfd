/** Concurrency on PostgreSQL (PGlite has a single connection, so nothing races there). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completions, progress } from '../db/schema';
import { ledgerSums } from '../progress/ledger';
import { signUp, startTestServer, type TestServer } from '../../test/harness';
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
});
