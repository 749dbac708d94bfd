/**
 * A habit's history survives a change of its frequency or of the user's week start: completions
 * are re-keyed by date, those sharing a new period merge keeping what they awarded, nothing is paid
 * twice, and every read keeps working. The first case is the review's reproduction (a PATCH that
 * answered 500 after committing, then a habit list that answered 500 for good).
 */
import { weekStartLeavesOutMessage } from '@habitquest/core/visibility';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completions, progress } from '../db/schema';
import { ledgerSums } from '../progress/ledger';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/harness';

type Json = Record<string, unknown>;
type Completion = { habitId: string; completionDate: string; periodKey: string; xpEarned: number };
const NOW = new Date('2026-06-15T12:00:00Z'); // Monday 15 June 2026 (the user's zone is UTC)

describe.each(DATABASE_KINDS)('changing a frequency on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => NOW });
  });
  afterAll(async () => {
    await server.stop();
  });

  async function newHabit(client: TestClient, body: Json = {}): Promise<string> {
    const response = await client.post('/api/habits', {
      title: 'Stretch',
      xpOnComplete: 10,
      ...body,
    });
    expect(response.status).toBe(201);
    return String(response.body.id);
  }

  const setState = (client: TestClient, id: string, date: string, completed: boolean) =>
    client.request<Json>('PUT', `/api/habits/${id}/completions/${date}`, { completed });

  async function completionsOf(client: TestClient, id: string): Promise<Completion[]> {
    const response = await client.request<Completion[]>(
      'GET',
      '/api/completions?from=2026-01-01&to=2026-12-31',
    );
    expect(response.status).toBe(200);
    return response.body
      .filter((completion) => completion.habitId === id)
      .toSorted((a, b) => a.completionDate.localeCompare(b.completionDate));
  }

  async function expectBooksBalance(client: TestClient): Promise<{ xp: number; points: number }> {
    const me = await client.get<{ user: { id: string }; progress: { xp: number; points: number } }>(
      '/api/me',
    );
    expect(me.status).toBe(200);
    const sums = await server.database.db.transaction((tx) => ledgerSums(tx, me.body.user.id));
    const [cached] = await server.database.db
      .select()
      .from(progress)
      .where(eq(progress.userId, me.body.user.id));
    expect(sums).toEqual({ xp: cached?.xp, points: cached?.points });
    expect(sums).toEqual({ xp: me.body.progress.xp, points: me.body.progress.points });
    return sums;
  }

  it('keeps the list working after daily → weekly on a completed habit, and undo still works', async () => {
    const { client } = await signUp(server);
    const id = await newHabit(client);
    expect((await setState(client, id, '2026-06-15', true)).status).toBe(200);

    const patched = await client.patch(`/api/habits/${id}`, { frequency: 'weekly' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id, frequency: 'weekly', streak: 1, bestStreak: 1 });
    const list = await client.get<Json[]>('/api/habits');
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({ id, streak: 1 });
    expect(await completionsOf(client, id)).toMatchObject([
      { completionDate: '2026-06-15', periodKey: '2026-W25', xpEarned: 10 },
    ]);

    // Completing the same date again pays nothing: the week is already done.
    expect((await setState(client, id, '2026-06-15', true)).body).toMatchObject({ added: false });
    expect((await setState(client, id, '2026-06-17', true)).status).toBe(400); // future
    expect(await expectBooksBalance(client)).toEqual({ xp: 10, points: 5 });

    // The old completion can be undone under its new key.
    const undone = await setState(client, id, '2026-06-15', false);
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ completion: null, progress: { xp: 0, points: 0 } });
    expect(await completionsOf(client, id)).toEqual([]);
    await expectBooksBalance(client);
  });

  it('merges the days of one new period into the earliest, keeping what they awarded', async () => {
    const { client } = await signUp(server);
    const id = await newHabit(client, { xpOnComplete: 15 });
    // Sun 14, Mon 15 June (one Sunday-start week) and Wed 10 June (the week before).
    for (const date of ['2026-06-10', '2026-06-14', '2026-06-15']) {
      expect((await setState(client, id, date, true)).status).toBe(200);
    }
    expect(await expectBooksBalance(client)).toEqual({ xp: 45, points: 21 });

    expect((await client.patch(`/api/habits/${id}`, { frequency: 'weekly' })).status).toBe(200);
    expect(await completionsOf(client, id)).toMatchObject([
      { completionDate: '2026-06-10', periodKey: '2026-W24', xpEarned: 15 },
      { completionDate: '2026-06-14', periodKey: '2026-W25', xpEarned: 30 },
    ]);
    expect(await expectBooksBalance(client)).toEqual({ xp: 45, points: 21 });
    const [listed] = (await client.get<Json[]>('/api/habits')).body;
    expect(listed).toMatchObject({ streak: 2, bestStreak: 2 });

    // Monthly: one period holds all three; undoing it takes back everything they gave.
    expect((await client.patch(`/api/habits/${id}`, { frequency: 'monthly' })).status).toBe(200);
    expect(await completionsOf(client, id)).toMatchObject([
      { completionDate: '2026-06-10', periodKey: '2026-06', xpEarned: 45 },
    ]);
    const undone = await setState(client, id, '2026-06-20', false);
    // Any date of the period names it, a later one too: only completing refuses the future.
    expect(undone.body).toMatchObject({ progress: { xp: 0, points: 0 } });
    await expectBooksBalance(client);
  });

  it('survives a round trip daily → yearly → daily without paying twice', async () => {
    const { client } = await signUp(server);
    const id = await newHabit(client);
    for (const date of ['2026-06-13', '2026-06-14']) await setState(client, id, date, true);
    for (const frequency of ['yearly', 'daily', 'weekly', 'daily']) {
      const response = await client.patch(`/api/habits/${id}`, { frequency, title: 'Stretch' });
      expect(response.status).toBe(200);
      expect((await client.get('/api/habits')).status).toBe(200);
    }
    // The merged completion stays merged on its earliest date; the other day can be earned again.
    expect(await completionsOf(client, id)).toMatchObject([
      { completionDate: '2026-06-13', periodKey: '2026-06-13', xpEarned: 20 },
    ]);
    expect((await setState(client, id, '2026-06-14', true)).body).toMatchObject({ added: true });
    expect(await expectBooksBalance(client)).toEqual({ xp: 30, points: 15 });
  });

  it('re-keys weekly habits when the week start changes', async () => {
    const { client } = await signUp(server);
    const weekly = await newHabit(client, { frequency: 'weekly' });
    // Sat 13 and Sun 14 June: two Sunday-start weeks, one Monday-start week (8–14 June).
    await setState(client, weekly, '2026-06-13', true);
    await setState(client, weekly, '2026-06-14', true);
    expect((await completionsOf(client, weekly)).map((c) => c.periodKey)).toEqual([
      '2026-W24',
      '2026-W25',
    ]);
    const patched = await client.patch('/api/settings', { weekStart: 1 });
    expect(patched.status).toBe(200);
    expect(await completionsOf(client, weekly)).toMatchObject([
      { completionDate: '2026-06-13', periodKey: '2026-W24', xpEarned: 20 },
    ]);
    expect((await client.get<Json[]>('/api/habits')).body[0]).toMatchObject({ streak: 1 });
    // Monday 15 June opens a new Monday-start week: it can be completed once.
    expect((await setState(client, weekly, '2026-06-15', true)).body).toMatchObject({
      added: true,
      completion: { periodKey: '2026-W25' },
    });
    expect(await expectBooksBalance(client)).toEqual({ xp: 30, points: 15 });
  });

  it("refuses a week start that would move a one-time weekly habit's completion out of its week", async () => {
    const { client } = await signUp(server);
    // Wed 10 June's one-off, done on Sun 7 June: the Sunday-start week 7–13 June holds both; a
    // Monday-start week would put the 7th in the week before, a day the habit never shows on.
    const oneOff = await newHabit(client, {
      title: 'Dentist',
      frequency: 'weekly',
      isRecurring: false,
      specificDate: '2026-06-10',
    });
    expect((await setState(client, oneOff, '2026-06-07', true)).status).toBe(200);
    const before = await completionsOf(client, oneOff);
    const refused = await client.patch('/api/settings', { weekStart: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: { code: 'CONFLICT', message: weekStartLeavesOutMessage('Dentist', '2026-06-07') },
    });
    // Nothing changed: the week start, the completion, the books.
    expect(
      (await client.get<{ settings: { weekStart: number } }>('/api/me')).body.settings.weekStart,
    ).toBe(0);
    expect(await completionsOf(client, oneOff)).toEqual(before);
    expect(await expectBooksBalance(client)).toEqual({ xp: 10, points: 5 });
    // A start that keeps the 7th in the one-off's week (Saturday: 6–12 June) is taken; undone,
    // Monday is too.
    expect((await client.patch('/api/settings', { weekStart: 6 })).status).toBe(200);
    expect((await setState(client, oneOff, '2026-06-07', false)).status).toBe(200);
    expect((await client.patch('/api/settings', { weekStart: 1 })).status).toBe(200);
  });

  it('exports a merged history that imports again, replace and merge alike', async () => {
    const { client } = await signUp(server);
    const id = await newHabit(client, { xpOnComplete: 100 });
    await setState(client, id, '2026-06-14', true);
    await setState(client, id, '2026-06-15', true);
    expect((await client.patch(`/api/habits/${id}`, { frequency: 'weekly' })).status).toBe(200);
    expect(await completionsOf(client, id)).toMatchObject([{ xpEarned: 200 }]);
    const file = (await client.get<Json>('/api/export')).body;
    for (const mode of ['replace', 'merge']) {
      const imported = await client.post('/api/import', { mode, data: file });
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    }
    expect(await completionsOf(client, id)).toMatchObject([
      { completionDate: '2026-06-14', periodKey: '2026-W25', xpEarned: 200 },
    ]);
    expect(await expectBooksBalance(client)).toEqual({ xp: 200, points: 100 });
  });

  it('lists habits whatever period keys are stored', async () => {
    const { client } = await signUp(server);
    const id = await newHabit(client, { frequency: 'weekly' });
    await setState(client, id, '2026-06-15', true);
    // A key that matches no frequency (data written by an older version, say).
    await server.database.db
      .update(completions)
      .set({ periodKey: 'not-a-key' })
      .where(eq(completions.habitId, id));
    const list = await client.get<Json[]>('/api/habits');
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({ id, streak: 1 });
  });
});
