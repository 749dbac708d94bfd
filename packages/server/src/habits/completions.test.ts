import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@habitquest/core/dates';
import {
  decodeCompletionColumns,
  sortCompletions,
  type CompletionColumns,
  type CompletionEntry,
} from '@habitquest/contracts/completion-columns';
import { completions, progress } from '../db/schema';
import { ledgerSums } from '../progress/ledger';
import { RECENT_DAYS } from '../progress/load-progress';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/harness';

type Json = Record<string, unknown>;
const NOW = new Date('2026-06-15T12:00:00Z'); // Monday 15 June 2026, UTC

async function habit(client: TestClient, body: Json): Promise<string> {
  const response = await client.post('/api/habits', body);
  expect(response.status).toBe(201);
  return String(response.body.id);
}

function setState(client: TestClient, habitId: string, date: string, completed: boolean) {
  return client.request<Json>('PUT', `/api/habits/${habitId}/completions/${date}`, { completed });
}

describe.each(DATABASE_KINDS)('completions on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => NOW });
  });
  afterAll(async () => {
    await server.stop();
  });

  async function expectLedgerMatches(client: TestClient): Promise<void> {
    const me = (await client.get('/api/me')).body as {
      user: { id: string };
      progress: { xp: number; points: number };
    };
    const sums = await server.database.db.transaction((tx) => ledgerSums(tx, me.user.id));
    const [cached] = await server.database.db
      .select()
      .from(progress)
      .where(eq(progress.userId, me.user.id));
    expect(sums).toEqual({ xp: cached?.xp, points: cached?.points });
    expect(sums).toEqual({ xp: me.progress.xp, points: me.progress.points });
  }

  it('awards XP and points, is idempotent, and undo takes back exactly what was given', async () => {
    const { client } = await signUp(server);
    const id = await habit(client, { title: 'Read', xpOnComplete: 15 });
    const done = await setState(client, id, '2026-06-15', true);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      added: true,
      completion: {
        habitId: id,
        completionDate: '2026-06-15',
        periodKey: '2026-06-15',
        xpEarned: 15,
        pointsEarned: 7,
      },
      progress: { xp: 15, points: 7, level: 1, streak: 1 },
    });
    const again = await setState(client, id, '2026-06-15', true);
    expect(again.body).toMatchObject({ added: false, progress: { xp: 15, points: 7 } });

    // The habit's XP changes later: the undo still takes back the 15 XP / 7 points given.
    await client.patch(`/api/habits/${id}`, { xpOnComplete: 50 });
    const undone = await setState(client, id, '2026-06-15', false);
    expect(undone.body).toMatchObject({
      added: false,
      completion: null,
      progress: { xp: 0, points: 0 },
    });
    expect((await setState(client, id, '2026-06-15', false)).body).toMatchObject({
      added: false,
      completion: null,
    });
    await expectLedgerMatches(client);
  });

  it('refuses a one-time schedule that would leave a completion out, and changes nothing', async () => {
    const { client } = await signUp(server);
    const once = await habit(client, {
      title: 'Dentist',
      isRecurring: false,
      specificDate: '2026-06-10',
      xpOnComplete: 20,
    });
    expect((await setState(client, once, '2026-06-10', true)).status).toBe(200);
    const moved = await client.patch(`/api/habits/${once}`, { specificDate: '2026-06-12' });
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({
      error: {
        code: 'CONFLICT',
        message:
          'This habit was completed on 2026-06-10, a day the new date would leave out. Undo that completion first, or keep the schedule as it is.',
      },
    });
    // Still on its date, still done, still paid once.
    const listed = (await client.get<Json[]>('/api/habits')).body.find((h) => h.id === once);
    expect(listed).toMatchObject({ specificDate: '2026-06-10' });
    // As weekly, 12 June shares the week of 10 June (Sunday-start weeks): nothing is left out.
    expect(
      (
        await client.patch(`/api/habits/${once}`, {
          frequency: 'weekly',
          specificDate: '2026-06-12',
        })
      ).status,
    ).toBe(200);
    // Undone first, it moves anywhere.
    expect((await setState(client, once, '2026-06-12', false)).status).toBe(200);
    expect(
      (
        await client.patch(`/api/habits/${once}`, {
          frequency: 'daily',
          specificDate: '2026-06-01',
        })
      ).status,
    ).toBe(200);

    // A recurring habit's history stays where it is: it cannot become one-time elsewhere.
    const walk = await habit(client, { title: 'Walk' });
    expect((await setState(client, walk, '2026-06-02', true)).status).toBe(200);
    const oneOff = await client.patch(`/api/habits/${walk}`, {
      isRecurring: false,
      specificDate: '2026-06-14',
    });
    expect(oneOff.status).toBe(409);
    expect(
      (
        await client.patch(`/api/habits/${walk}`, {
          frequency: 'monthly',
          isRecurring: false,
          specificDate: '2026-06-14',
        })
      ).status,
    ).toBe(200);
    await expectLedgerMatches(client);
  });

  it('takes back a completion that lies ahead after a zone change', async () => {
    const { client } = await signUp(server);
    // 12:00 UTC is already 16 June at UTC+14; back at UTC−11 that day lies ahead.
    expect((await client.patch('/api/settings', { timeZone: 'Pacific/Kiritimati' })).status).toBe(
      200,
    );
    const daily = await habit(client, { title: 'Walk' });
    expect((await setState(client, daily, '2026-06-16', true)).status).toBe(200);
    expect((await client.patch('/api/settings', { timeZone: 'Pacific/Pago_Pago' })).status).toBe(
      200,
    );
    expect((await setState(client, daily, '2026-06-16', true)).status).toBe(400);
    const ahead = await setState(client, daily, '2026-06-16', false);
    expect(ahead.status).toBe(200);
    expect(ahead.body).toMatchObject({ progress: { xp: 0, points: 0 } });
    // Undoing what is not there changes nothing.
    expect((await setState(client, daily, '2026-06-20', false)).body).toMatchObject({
      added: false,
      completion: null,
    });
    await expectLedgerMatches(client);
  });

  it('allows past dates, refuses future dates and dates the habit is not scheduled on', async () => {
    const { client } = await signUp(server);
    const daily = await habit(client, { title: 'Walk' });
    expect((await setState(client, daily, '2026-06-01', true)).status).toBe(200);
    const future = await setState(client, daily, '2026-06-16', true);
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({
      error: { code: 'VALIDATION', message: 'A habit cannot be completed for a future date.' },
    });
    const once = await habit(client, {
      title: 'Dentist',
      isRecurring: false,
      specificDate: '2026-06-10',
    });
    expect((await setState(client, once, '2026-06-11', true)).body).toMatchObject({
      error: { message: 'This habit is not scheduled on that date.' },
    });
    expect((await setState(client, once, '2026-06-10', true)).status).toBe(200);
    for (const date of ['2026-02-30', '15-06-2026', 'today']) {
      expect((await setState(client, daily, date, true)).status).toBe(400);
    }
    expect(
      (
        await client.request('PUT', `/api/habits/${daily}/completions/2026-06-02`, {
          completed: 'yes',
        })
      ).status,
    ).toBe(400);
    expect(
      (await client.request('PUT', `/api/habits/${daily}/completions/2026-06-02`, {})).status,
    ).toBe(400);
    await expectLedgerMatches(client);
  });

  it('keys weekly, monthly and yearly completions by their period', async () => {
    const { client } = await signUp(server);
    const weekly = await habit(client, { title: 'Review', frequency: 'weekly', xpOnComplete: 30 });
    // Sunday-start week: 14–20 June 2026 is one period.
    expect((await setState(client, weekly, '2026-06-14', true)).body).toMatchObject({
      added: true,
      completion: { periodKey: '2026-W25' },
    });
    expect((await setState(client, weekly, '2026-06-15', true)).body).toMatchObject({
      added: false,
      progress: { xp: 30 },
    });
    const monthly = await habit(client, { title: 'Budget', frequency: 'monthly' });
    expect((await setState(client, monthly, '2026-06-02', true)).body).toMatchObject({
      completion: { periodKey: '2026-06' },
    });
    const yearly = await habit(client, { title: 'Checkup', frequency: 'yearly' });
    expect((await setState(client, yearly, '2026-01-20', true)).body).toMatchObject({
      completion: { periodKey: '2026' },
    });
    const range = await client.get<Json[]>('/api/completions?from=2026-01-01&to=2026-06-30');
    expect(range.body.map((c) => c.periodKey)).toEqual(['2026', '2026-06', '2026-W25']);
    const windowed = await client.get<{ title: string; completions: Json[] }[]>(
      '/api/habits?from=2026-06-01&to=2026-06-30',
    );
    expect(windowed.body.map((h) => [h.title, h.completions.map((c) => c.periodKey)])).toEqual([
      ['Checkup', []],
      ['Budget', ['2026-06']],
      ['Review', ['2026-W25']],
    ]);
    expect((await client.get('/api/habits?from=2026-06-30')).status).toBe(400);
  });

  it('derives streaks and the day streak, and celebrates a level-up', async () => {
    const { client } = await signUp(server);
    const id = await habit(client, { title: 'Meditate', xpOnComplete: 40 });
    await setState(client, id, '2026-06-13', true);
    await setState(client, id, '2026-06-14', true);
    const third = await setState(client, id, '2026-06-15', true);
    expect(third.body).toMatchObject({
      progress: { xp: 120, level: 2, leveledUp: true, streak: 3 },
    });
    const [listed] = (await client.get<Json[]>('/api/habits')).body;
    expect(listed).toMatchObject({ streak: 3, bestStreak: 3 });
    expect(listed?.lastCompletedAt).toBe(NOW.toISOString());
    const undo = await setState(client, id, '2026-06-14', false);
    expect(undo.body).toMatchObject({ progress: { xp: 80, level: 1 } });
    expect(undo.body.progress).not.toHaveProperty('leveledUp');
    expect((await client.get<Json[]>('/api/habits')).body[0]).toMatchObject({
      streak: 1,
      bestStreak: 1,
    });
  });

  it('counts a day streak longer than the recent days read first, and stops at a gap', async () => {
    const { db } = server.database;
    /** A user whose daily habit was done on each of `offsets` days before 15 June (0 = today). */
    async function userWithDays(offsets: number[]): Promise<TestClient> {
      const { client } = await signUp(server);
      const id = await habit(client, { title: 'Walk' });
      const me = await client.get<{ user: { id: string } }>('/api/me');
      await db.insert(completions).values(
        offsets.map((offset) => {
          const date = addDays('2026-06-15', -offset);
          const row = { habitId: id, userId: me.body.user.id, completionDate: date };
          return { ...row, periodKey: date, xpEarned: 10, pointsEarned: 5 };
        }),
      );
      return client;
    }
    const streakOf = async (client: TestClient) =>
      (await client.get<{ progress: { streak: number } }>('/api/me')).body.progress.streak;
    const run = (length: number, from = 0) => Array.from({ length }, (_, i) => from + i);

    expect(await streakOf(await userWithDays(run(RECENT_DAYS + 6)))).toBe(RECENT_DAYS + 6);
    expect(await streakOf(await userWithDays(run(RECENT_DAYS)))).toBe(RECENT_DAYS);
    // Not done today: the streak runs from yesterday.
    expect(await streakOf(await userWithDays(run(RECENT_DAYS + 1, 1)))).toBe(RECENT_DAYS + 1);
    // A gap 30 days back ends it, however much history lies beyond.
    expect(await streakOf(await userWithDays([...run(30), ...run(100, 31)]))).toBe(30);
  });

  it('deleting a habit removes its completions and their XP but keeps the points', async () => {
    const { client } = await signUp(server);
    const id = await habit(client, { title: 'Run', xpOnComplete: 20 });
    await setState(client, id, '2026-06-14', true);
    await setState(client, id, '2026-06-15', true);
    const deleted = await client.request<Json>('DELETE', `/api/habits/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ deleted: id, progress: { xp: 0, points: 20 } });
    expect(
      (await client.get<Json[]>('/api/completions?from=2026-06-01&to=2026-06-30')).body,
    ).toEqual([]);
    await expectLedgerMatches(client);
  });

  it('answers the same completions in the compact form, without ids, and only the caller’s', async () => {
    const { client } = await signUp(server);
    const read = await habit(client, { title: 'Read', xpOnComplete: 15 });
    const review = await habit(client, { title: 'Review', frequency: 'weekly' });
    for (const date of ['2026-06-01', '2026-06-02', '2026-06-15'])
      await setState(client, read, date, true);
    await setState(client, review, '2026-06-10', true);
    const other = (await signUp(server)).client;
    await setState(other, await habit(other, { title: 'Theirs' }), '2026-06-15', true);

    const range = 'from=2026-05-25&to=2026-06-30';
    const full = (await client.get<Json[]>(`/api/completions?${range}`)).body;
    const compact = await client.get<CompletionColumns>(`/api/completions/columns?${range}`);
    expect(compact.status).toBe(200);
    expect(compact.body.from).toBe('2026-05-25');
    expect(compact.body.habits.map((h) => [h.habitId, h.day])).toEqual([
      [read, [7, 8, 21]],
      [review, [16]],
    ]);
    expect(decodeCompletionColumns(compact.body)).toEqual(
      sortCompletions(full.map(({ id: _id, ...entry }) => entry as CompletionEntry)),
    );
    expect(
      (await client.get('/api/completions/columns?from=2026-06-30&to=2026-06-01')).status,
    ).toBe(400);
    expect((await client.get('/api/completions/columns')).status).toBe(400);
  });

  it('validates the completions range', async () => {
    const { client } = await signUp(server);
    expect((await client.get('/api/completions')).status).toBe(400);
    expect((await client.get('/api/completions?from=2026-06-30&to=2026-06-01')).status).toBe(400);
    expect((await client.get('/api/completions?from=2020-01-01&to=2026-06-01')).status).toBe(400);
    expect((await client.get('/api/completions?from=2026-02-30&to=2026-03-01')).status).toBe(400);
  });
});
