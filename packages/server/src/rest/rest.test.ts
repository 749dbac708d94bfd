import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@habitquest/core/dates';
import { SKIP_DAYS_AHEAD } from '@habitquest/core/rest';
import { REST_MESSAGES } from '@habitquest/contracts/rest';
import { pauses } from '../db/schema';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/harness';

type Json = Record<string, unknown>;
type HabitJson = {
  id: string;
  streak: number;
  bestStreak: number;
  pause: { startsOn: string; resumesOn: string | null } | null;
};
const TODAY = '2026-06-15'; // a Monday
let clock = new Date('2026-06-15T12:00:00Z');

async function habit(client: TestClient, body: Json = {}): Promise<string> {
  const response = await client.post('/api/habits', { title: 'Walk', ...body });
  expect(response.status).toBe(201);
  return String(response.body.id);
}

async function complete(client: TestClient, habitId: string, ...dates: string[]): Promise<void> {
  for (const date of dates) {
    const response = await client.request('PUT', `/api/habits/${habitId}/completions/${date}`, {
      completed: true,
    });
    expect(response.status).toBe(200);
  }
}

function skip(client: TestClient, habitId: string, date: string, skipped = true) {
  return client.request<Json>('PUT', `/api/habits/${habitId}/skips/${date}`, { skipped });
}

async function habitOf(client: TestClient, habitId: string): Promise<HabitJson> {
  const list = (await client.get('/api/habits')).body as unknown as HabitJson[];
  const found = list.find((h) => h.id === habitId);
  if (!found) throw new Error('habit missing');
  return found;
}

async function dayStreak(client: TestClient): Promise<number> {
  return ((await client.get('/api/me')).body as { progress: { streak: number } }).progress.streak;
}

describe.each(DATABASE_KINDS)('rest days on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => clock });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('a skipped day neither extends nor breaks a streak, and a replay changes nothing', async () => {
    clock = new Date('2026-06-15T12:00:00Z');
    const { client } = await signUp(server);
    const id = await habit(client);
    await complete(client, id, '2026-06-11', '2026-06-12', '2026-06-14', TODAY);
    expect(await habitOf(client, id)).toMatchObject({ streak: 2, bestStreak: 2 });
    expect(await dayStreak(client)).toBe(2);

    const first = await skip(client, id, '2026-06-13');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ skipped: true, habit: { id, streak: 4, bestStreak: 4 } });
    const replay = await skip(client, id, '2026-06-13');
    expect(replay.body).toMatchObject({ skipped: true, habit: { streak: 4 } });
    // The only daily habit rested that day: the day streak passes over it too.
    expect(await dayStreak(client)).toBe(4);
    const listed = await client.get('/api/skips?from=2026-06-01&to=2026-06-30');
    expect(listed.body).toEqual([{ habitId: id, date: '2026-06-13' }]);

    const unskip = await skip(client, id, '2026-06-13', false);
    expect(unskip.body).toMatchObject({ skipped: false, habit: { streak: 2 } });
    expect((await client.get('/api/skips?from=2026-06-01&to=2026-06-30')).body).toEqual([]);
  });

  it('refuses to skip a completed period, and completing a skipped one removes its skip', async () => {
    clock = new Date('2026-06-15T12:00:00Z');
    const { client } = await signUp(server);
    const weekly = await habit(client, { frequency: 'weekly' });
    await complete(client, weekly, '2026-06-09');
    const refused = await skip(client, weekly, '2026-06-10');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: { code: 'CONFLICT', message: REST_MESSAGES.skipCompleted },
    });
    expect((await client.get('/api/skips?from=2026-06-01&to=2026-06-30')).body).toEqual([]);

    // A skip anywhere in this week rests the week; completing the week takes it away.
    expect((await skip(client, weekly, '2026-06-16')).status).toBe(200);
    await complete(client, weekly, TODAY);
    expect((await client.get('/api/skips?from=2026-06-01&to=2026-06-30')).body).toEqual([]);
    expect(await habitOf(client, weekly)).toMatchObject({ streak: 2 });
  });

  it('answers clear errors for bad skips and 404 for another user’s habit', async () => {
    clock = new Date('2026-06-15T12:00:00Z');
    const { client } = await signUp(server);
    const { client: other } = await signUp(server);
    const id = await habit(client);
    // Up to a year ahead, to the day the app offers it (core's SKIP_DAYS_AHEAD).
    expect((await skip(client, id, addDays(TODAY, SKIP_DAYS_AHEAD))).status).toBe(200);
    const tooFar = await skip(client, id, addDays(TODAY, SKIP_DAYS_AHEAD + 1));
    expect(tooFar.status).toBe(400);
    expect(tooFar.body).toMatchObject({
      error: { code: 'VALIDATION', message: REST_MESSAGES.skipTooFar },
    });
    const specific = await habit(client, { isRecurring: false, specificDate: '2026-06-20' });
    expect((await skip(client, specific, TODAY)).status).toBe(400);
    expect(
      (await client.request('PUT', `/api/habits/${id}/skips/2026-02-30`, { skipped: true })).status,
    ).toBe(400);
    expect(
      (await client.request('PUT', `/api/habits/${id}/skips/${TODAY}`, { skipped: 'yes' })).status,
    ).toBe(400);
    expect((await skip(other, id, TODAY)).status).toBe(404);
    expect(
      (await other.request('PUT', `/api/habits/${id}/pause`, { resumesOn: null })).status,
    ).toBe(404);
    expect((await other.request('DELETE', `/api/habits/${id}/pause`)).status).toBe(404);
    expect((await client.get('/api/skips?from=2026-06-01&to=2026-06-30')).body).toEqual([]);
  });

  it('a pause freezes the streak, and resuming keeps the paused days as rest', async () => {
    clock = new Date('2026-06-10T12:00:00Z');
    const { client } = await signUp(server);
    const id = await habit(client);
    await complete(client, id, '2026-06-08', '2026-06-09', '2026-06-10');
    const paused = await client.request<HabitJson>('PUT', `/api/habits/${id}/pause`, {
      resumesOn: null,
    });
    expect(paused.status).toBe(200);
    expect(paused.body.pause).toEqual({ startsOn: '2026-06-10', resumesOn: null });

    clock = new Date('2026-06-15T12:00:00Z'); // five days later, nothing done
    expect(await habitOf(client, id)).toMatchObject({ streak: 3, pause: { resumesOn: null } });
    const bad = await client.request('PUT', `/api/habits/${id}/pause`, { resumesOn: TODAY });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { message: REST_MESSAGES.resumeNotAfterToday } });

    const resumed = await client.request<HabitJson>('DELETE', `/api/habits/${id}/pause`);
    expect(resumed.body).toMatchObject({ pause: null, streak: 3 });
    await complete(client, id, TODAY);
    expect(await habitOf(client, id)).toMatchObject({ streak: 4, bestStreak: 4 });
    // Idempotent: resuming an active habit changes nothing.
    expect(
      (await client.request<HabitJson>('DELETE', `/api/habits/${id}/pause`)).body.pause,
    ).toBeNull();
  });

  it('a pause with an end date rests until the day before it resumes', async () => {
    clock = new Date('2026-06-15T12:00:00Z');
    const { client } = await signUp(server);
    const id = await habit(client);
    await complete(client, id, '2026-06-14', TODAY);
    const paused = await client.request<HabitJson>('PUT', `/api/habits/${id}/pause`, {
      resumesOn: '2026-06-18',
    });
    expect(paused.body.pause).toEqual({ startsOn: TODAY, resumesOn: '2026-06-18' });
    // Moving the end keeps the start.
    const moved = await client.request<HabitJson>('PUT', `/api/habits/${id}/pause`, {
      resumesOn: '2026-06-17',
    });
    expect(moved.body.pause).toEqual({ startsOn: TODAY, resumesOn: '2026-06-17' });
    clock = new Date('2026-06-17T12:00:00Z');
    expect(await habitOf(client, id)).toMatchObject({ streak: 2, pause: null });
    clock = new Date('2026-06-19T12:00:00Z'); // the 17th and 18th were not done: broken
    expect(await habitOf(client, id)).toMatchObject({ streak: 0, bestStreak: 2 });
  });

  it('vacation mode rests every habit and the day streak, and can be ended or cancelled', async () => {
    clock = new Date('2026-06-10T12:00:00Z');
    const { client } = await signUp(server);
    const a = await habit(client, { title: 'A' });
    const b = await habit(client, { title: 'B', frequency: 'weekly' });
    await complete(client, a, '2026-06-09', '2026-06-10');
    await complete(client, b, '2026-06-10');
    const set = await client.request('PUT', '/api/vacation', {
      startsOn: '2026-06-11',
      endsOn: '2026-06-20',
    });
    expect(set.body).toEqual({ vacation: { startsOn: '2026-06-11', endsOn: '2026-06-20' } });
    expect((await client.get('/api/me')).body).toMatchObject({
      vacation: { startsOn: '2026-06-11', endsOn: '2026-06-20' },
    });

    clock = new Date('2026-06-15T12:00:00Z');
    expect(await habitOf(client, a)).toMatchObject({ streak: 2 });
    expect(await habitOf(client, b)).toMatchObject({ streak: 1 });
    expect(await dayStreak(client)).toBe(2);
    // Coming back early: the vacation ends yesterday, today counts again.
    const ended = await client.request('DELETE', '/api/vacation');
    expect(ended.body).toEqual({ vacation: null });
    expect((await client.get('/api/me')).body).toMatchObject({ vacation: null });
    expect(await habitOf(client, a)).toMatchObject({ streak: 2 });
    await complete(client, a, TODAY);
    expect(await habitOf(client, a)).toMatchObject({ streak: 3 });
    expect(await dayStreak(client)).toBe(3);

    // One ahead is cancelled outright; an impossible one is refused and changes nothing.
    await client.request('PUT', '/api/vacation', { startsOn: '2026-07-01', endsOn: '2026-07-05' });
    expect((await client.request('DELETE', '/api/vacation')).body).toEqual({ vacation: null });
    const backwards = await client.request('PUT', '/api/vacation', {
      startsOn: '2026-07-05',
      endsOn: '2026-07-01',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ error: { code: 'VALIDATION' } });
    const over = await client.request('PUT', '/api/vacation', {
      startsOn: '2026-06-01',
      endsOn: '2026-06-05',
    });
    expect(over.body).toMatchObject({ error: { message: REST_MESSAGES.vacationEnded } });
    expect((await client.get('/api/me')).body).toMatchObject({ vacation: null });
  });

  it('a day a habit back-filled before it was made went undone is no rest day, though the others rested', async () => {
    clock = new Date('2026-06-15T12:00:00Z');
    const { client } = await signUp(server);
    const walk = await habit(client, { title: 'Walk' });
    const read = await habit(client, { title: 'Read' });
    // Both made today. Walk is done every day but the 12th, which it skips.
    await complete(client, walk, '2026-06-10', '2026-06-11', '2026-06-13', '2026-06-14', TODAY);
    expect((await skip(client, walk, '2026-06-12')).status).toBe(200);
    // Read alone: the 12th is a rest day (Read did not count before today).
    expect(await dayStreak(client)).toBe(5);
    // Read back-filled from the 11th counts from then: on the 12th it was due and not done.
    const backFill = (completed: boolean) =>
      client.request<{ progress: { streak: number } }>(
        'PUT',
        `/api/habits/${read}/completions/2026-06-11`,
        { completed },
      );
    expect((await backFill(true)).body.progress.streak).toBe(3);
    expect(await dayStreak(client)).toBe(3);
    // Again, with what the server keeps between changes: the same answers.
    expect((await backFill(false)).body.progress.streak).toBe(5);
    expect(await dayStreak(client)).toBe(5);
    expect((await backFill(true)).body.progress.streak).toBe(3);
    // A later change of another habit keeps the rule.
    const undoToday = await client.request<{ progress: { streak: number } }>(
      'PUT',
      `/api/habits/${walk}/completions/${TODAY}`,
      { completed: false },
    );
    expect(undoToday.body.progress.streak).toBe(2);
    expect(await dayStreak(client)).toBe(2);
  });

  it('lists the pauses and vacations already over, for the calendar of past days', async () => {
    clock = new Date('2026-06-10T12:00:00Z');
    const { client } = await signUp(server);
    const { client: other } = await signUp(server);
    const id = await habit(client);
    await client.request('PUT', `/api/habits/${id}/pause`, { resumesOn: null });
    await client.request('PUT', '/api/vacation', { startsOn: '2026-06-08', endsOn: '2026-06-11' });
    expect((await client.get('/api/rest/history')).body).toEqual({ pauses: [], vacations: [] });
    clock = new Date('2026-06-15T12:00:00Z');
    await client.request('DELETE', `/api/habits/${id}/pause`);
    expect((await client.get('/api/rest/history')).body).toEqual({
      pauses: [{ habitId: id, startsOn: '2026-06-10', endsOn: '2026-06-14' }],
      vacations: [{ startsOn: '2026-06-08', endsOn: '2026-06-11' }],
    });
    expect((await other.get('/api/rest/history')).body).toEqual({ pauses: [], vacations: [] });
  });

  it('keeps rest days per user', async () => {
    clock = new Date('2026-06-15T12:00:00Z');
    const { client } = await signUp(server);
    const { client: other } = await signUp(server);
    await client.request('PUT', '/api/vacation', { startsOn: TODAY, endsOn: '2026-06-20' });
    const id = await habit(client);
    await skip(client, id, TODAY);
    expect((await other.get('/api/me')).body).toMatchObject({ vacation: null });
    expect((await other.get('/api/skips?from=2026-06-01&to=2026-06-30')).body).toEqual([]);
  });
});

describe('rest racing on postgres', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('postgres', { now: () => clock });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('a skip and a completion of one period at once never both land', async () => {
    clock = new Date('2026-06-15T12:00:00Z');
    const { client } = await signUp(server);
    const ids = await Promise.all(['A', 'B', 'C', 'D'].map((title) => habit(client, { title })));
    await Promise.all(
      ids.flatMap((id) => [
        skip(client, id, TODAY),
        client.request('PUT', `/api/habits/${id}/completions/${TODAY}`, { completed: true }),
        skip(client, id, TODAY),
      ]),
    );
    const skipped = (
      await client.get<{ habitId: string }[]>(`/api/skips?from=${TODAY}&to=${TODAY}`)
    ).body;
    const done = (
      await client.get<{ habitId: string }[]>(`/api/completions?from=${TODAY}&to=${TODAY}`)
    ).body;
    // Every habit was completed (a completion never waits on a skip), and none rests as well.
    expect(done.map((c) => c.habitId).sort()).toEqual([...ids].sort());
    expect(skipped).toEqual([]);
  });

  it('two pauses of one habit at once leave one pause', async () => {
    clock = new Date('2026-06-15T12:00:00Z');
    const { client } = await signUp(server);
    const id = await habit(client);
    const answers = await Promise.all(
      ['2026-06-20', '2026-06-25', null].map((resumesOn) =>
        client.request<HabitJson>('PUT', `/api/habits/${id}/pause`, { resumesOn }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const rows = await server.database.db.select().from(pauses).where(eq(pauses.habitId, id));
    expect(rows).toHaveLength(1);
    expect((await habitOf(client, id)).pause?.startsOn).toBe(TODAY);
  });
});
