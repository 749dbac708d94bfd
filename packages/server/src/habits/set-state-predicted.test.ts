/**
 * The predicted set-state (set-state-predicted.ts, migration 20261130090000): where the prediction
 * cannot hold, the statement writes nothing and the change is made the other way. Each test here
 * reaches one of those places, on both databases, and checks what the user sees (the answer
 * against a fresh read, the ledger, the unlocks) and which way the change went.
 * kept-inputs.test.ts compares the two ways through random sequences.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { habits } from '../db/schema';
import { ledgerSums } from '../progress/ledger';
import { DATABASE_KINDS, startTestServer, TestClient, type TestServer } from '../../test/harness';
import { givePoints, unlockedIdsOf } from '../../test/rewards-support';
import { revisionOf, setStateChecked, veteran as veteranOf } from '../../test/set-state-support';
const NOW = new Date('2026-06-17T12:00:00Z'); // the account's zone is UTC

describe.each(DATABASE_KINDS)('the predicted set-state on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => NOW });
  });
  afterAll(async () => {
    await server.stop();
  });

  /** How each set-state went from here on: 'written' in one statement, or 'slow' (the other way). */
  function ways() {
    const spy = vi.spyOn(server.database, 'prepared');
    return {
      taken: async () => {
        const kinds = await Promise.all(
          spy.mock.results.map(async ({ value }) => {
            const rows = (await value) as { result: { kind: string } }[];
            return rows[0]?.result.kind;
          }),
        );
        spy.mockClear();
        return kinds;
      },
      restore: () => {
        spy.mockRestore();
      },
    };
  }

  /** Sets a completion with a key, as the web app does; its answer is checked (set-state-support). */
  const setState = (client: TestClient, habitId: string, date: string, completed: boolean) =>
    setStateChecked(
      server,
      client,
      { habitId, date, completed },
      { 'Idempotency-Key': crypto.randomUUID() },
    );

  const veteran = (
    except: string[],
    habitBody?: (categories: Map<string, string>) => Record<string, unknown>,
  ) => veteranOf(server, except, { now: NOW, ...(habitBody ? { habitBody } : {}) });

  it('counts completions only while a completions achievement is locked, and earns it the other way', async () => {
    const { client, id, userId } = await veteran(['completions-10']);
    const way = ways();
    try {
      for (let day = 1; day <= 9; day += 1)
        await setState(client, id, `2026-06-${String(day).padStart(2, '0')}`, true);
      // The first change keeps the inputs; the next eight are one statement each.
      expect(await way.taken()).toEqual([...Array<string>(8).fill('written')]);
      expect(await unlockedIdsOf(server, userId)).not.toContain('completions-10');
      await setState(client, id, '2026-06-10', true);
      expect(await way.taken()).toEqual(['slow']);
      expect(await unlockedIdsOf(server, userId)).toContain('completions-10');
      // Unlocked and kept: the next completion is one statement again.
      await setState(client, id, '2026-06-11', true);
      expect(await way.taken()).toEqual(['written']);
    } finally {
      way.restore();
    }
  });

  it("leaves a category's month near its target to the other way, which earns On Target", async () => {
    // CREATIVE's goal is 100 XP a month: two completions of 60 meet it.
    const {
      client: player,
      id,
      userId,
    } = await veteran(['goal-met'], (categories) => ({
      title: 'Draw',
      xpOnComplete: 60,
      categoryId: categories.get('CREATIVE'),
    }));
    const way = ways();
    try {
      await setState(player, id, '2026-06-01', true); // keeps the inputs
      await setState(player, id, '2026-05-31', true); // last month: 60 of 100 in May
      expect(await way.taken()).toEqual(['written']);
      await setState(player, id, '2026-06-02', true); // 120 of 100 in June
      expect(await way.taken()).toEqual(['slow']);
      expect(await unlockedIdsOf(server, userId)).toContain('goal-met');
    } finally {
      way.restore();
    }
  });

  it('leaves a streak or level that earns an achievement to the other way', async () => {
    const { client, id, userId } = await veteran(['streak-3', 'level-5']);
    const way = ways();
    try {
      await setState(client, id, '2026-06-17', true); // keeps the inputs
      await setState(client, id, '2026-06-17', false);
      expect(await way.taken()).toEqual(['written']);
      // An earlier day, while a day-streak achievement is locked, may complete a past run the
      // prediction cannot see: the other way looks for it.
      await setState(client, id, '2026-06-15', true);
      await setState(client, id, '2026-06-16', true);
      expect(await way.taken()).toEqual([]);
      // A run of three: the server sees it coming and sends it the other way at once.
      await setState(client, id, '2026-06-17', true);
      expect(await way.taken()).toEqual([]);
      expect(await unlockedIdsOf(server, userId)).toContain('streak-3');
      expect(await unlockedIdsOf(server, userId)).not.toContain('level-5');
    } finally {
      way.restore();
    }
  });

  it('predicts an earlier day once every day-streak achievement is unlocked', async () => {
    const { client, id } = await veteran(['level-5']);
    const way = ways();
    try {
      await setState(client, id, '2026-06-17', true); // keeps the inputs
      await setState(client, id, '2026-06-10', true);
      await setState(client, id, '2026-06-10', false);
      expect(await way.taken()).toEqual(['written', 'written']);
    } finally {
      way.restore();
    }
  });

  it('leaves a day whose other due habits are all done to the other way, which earns Perfect Day', async () => {
    const { client, id: read, userId } = await veteran(['perfect-day']);
    const made = async (body: Record<string, unknown>) => {
      const created = await client.post<{ id: string }>('/api/habits', body);
      expect(created.status).toBe(201);
      return created.body.id;
    };
    const walk = await made({ title: 'Walk' });
    const clean = await made({ title: 'Clean', frequency: 'weekly' });
    const stretch = await made({ title: 'Stretch' });
    // Made before today on the test's clock (the database stamps them with its own).
    await server.database.db
      .update(habits)
      .set({ createdAt: new Date('2026-06-01T00:00:00Z') })
      .where(eq(habits.userId, userId));
    // A resting habit is not due: the day can be perfect without it.
    const skipped = await client.request('PUT', `/api/habits/${stretch}/skips/2026-06-17`, {
      skipped: true,
    });
    expect(skipped.status).toBe(200);
    const way = ways();
    try {
      await setState(client, read, '2026-06-17', true); // keeps the inputs
      // Walk is still due today: the day cannot be perfect, and the week's Clean is one statement.
      await setState(client, clean, '2026-06-17', true);
      expect(await way.taken()).toEqual(['written']);
      expect(await unlockedIdsOf(server, userId)).not.toContain('perfect-day');
      // Every other due habit is done: the statement leaves the day to the other way.
      await setState(client, walk, '2026-06-17', true);
      expect(await way.taken()).toEqual(['slow']);
      expect(await unlockedIdsOf(server, userId)).toContain('perfect-day');
    } finally {
      way.restore();
    }
  });

  it('answers the balances as they are when something else moved them since (a reward, a grant)', async () => {
    const { client, id, userId } = await veteran([]);
    await setState(client, id, '2026-06-01', true);
    // Points given behind the set-state's back (a reward or a grant): the data revision moves
    // with the balances (migration me_revision), and the statement compares both.
    await givePoints(server, userId, 40);
    const way = ways();
    try {
      const answer = await setState(client, id, '2026-06-02', true);
      expect(answer.progress).toMatchObject({ points: 5 + 40 + 5 });
      expect(await way.taken()).toEqual(['slow']);
      await setState(client, id, '2026-06-02', false);
      expect(await way.taken()).toEqual(['written']);
    } finally {
      way.restore();
    }
  });

  it("takes back a completion's own award when the habit is worth another since", async () => {
    const { client, id } = await veteran([]);
    await setState(client, id, '2026-06-01', true); // 10 XP
    expect((await client.patch(`/api/habits/${id}`, { xpOnComplete: 30 })).status).toBe(200);
    await setState(client, id, '2026-06-02', true); // 30 XP, and the new habit kept
    const way = ways();
    try {
      const undone = await setState(client, id, '2026-06-01', false);
      expect(undone.progress).toMatchObject({ xp: 30 });
      expect(await way.taken()).toEqual(['slow']);
      expect((await setState(client, id, '2026-06-02', false)).progress).toMatchObject({ xp: 0 });
      expect(await way.taken()).toEqual(['written']);
    } finally {
      way.restore();
    }
  });

  it('moves the data revision when it writes and only then, and a change made since goes the other way', async () => {
    const { client, id, userId } = await veteran([]);
    const revision = () => revisionOf(server, userId);
    await setState(client, id, '2026-06-01', true);
    const way = ways();
    try {
      const start = await revision();
      await setState(client, id, '2026-06-02', true);
      const added = await revision();
      expect(added).toBeGreaterThan(start);
      await setState(client, id, '2026-06-02', false);
      const removed = await revision();
      expect(removed).toBeGreaterThan(added);
      // Nothing written, nothing moved: a completion already there, none to take back.
      await setState(client, id, '2026-06-01', true);
      await setState(client, id, '2026-06-03', false);
      expect(await way.taken()).toEqual(['written', 'written', 'written', 'written']);
      expect(await revision()).toBe(removed);
      // A skip added and taken away since moves the revision (by the tables' triggers), and the
      // next set-state, predicted from the inputs kept before the skip, goes the other way.
      for (const skipped of [true, false]) {
        const before = await revision();
        const answer = await client.request('PUT', `/api/habits/${id}/skips/2026-06-05`, {
          skipped,
        });
        expect(answer.status).toBe(200);
        expect(await revision()).toBeGreaterThan(before);
      }
      await setState(client, id, '2026-06-04', true);
      expect(await way.taken()).toEqual(['slow']);
    } finally {
      way.restore();
    }
  });

  it('answers 401 for a session signed out since it was seen, and changes nothing', async () => {
    const { client, id, userId } = await veteran([]);
    await setState(client, id, '2026-06-01', true);
    await setState(client, id, '2026-06-02', true);
    // Better Auth's sign-out deletes the session row; the client keeps its cookie to send.
    const signOut = await new TestClient(server.url).post('/api/auth/sign-out', undefined, {
      cookie: client.cookieHeader,
    });
    expect(signOut.status).toBe(200);
    const way = ways();
    try {
      const refused = await client.request('PUT', `/api/habits/${id}/completions/2026-06-03`, {
        completed: true,
      });
      expect(refused.status).toBe(401);
      expect(await way.taken()).toEqual(['unauthenticated']);
      const sums = await server.database.db.transaction((tx) => ledgerSums(tx, userId));
      expect(sums).toEqual({ xp: 20, points: 10 });
    } finally {
      way.restore();
    }
  });

  it("keeps today done by another habit when an undo takes one of today's completions away", async () => {
    const { client, id, userId } = await veteran([]);
    const stretch = (await client.post<{ id: string }>('/api/habits', { title: 'Stretch' })).body
      .id;
    const today = '2026-06-17';
    await setState(client, id, today, true); // keeps the inputs
    const way = ways();
    try {
      await setState(client, stretch, today, true);
      // Read is still done today: the day streak keeps today (checked against a fresh read).
      const kept = await setState(client, stretch, today, false);
      expect(kept).toMatchObject({ added: false, completion: null, progress: { streak: 1 } });
      // The last completion of today goes: so does today's place in the streak.
      const gone = await setState(client, id, today, false);
      expect(gone).toMatchObject({ added: false, completion: null, progress: { streak: 0 } });
      expect(await way.taken()).toEqual(['written', 'written', 'written']);
      const sums = await server.database.db.transaction((tx) => ledgerSums(tx, userId));
      expect(sums).toEqual({ xp: 0, points: 0 });
    } finally {
      way.restore();
    }
  });
});
