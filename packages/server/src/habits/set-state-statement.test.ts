/**
 * The set-state path's SQL (set-state-statement.ts) on both databases: the migration's lock
 * function, and the statement's reads after its own change, which must answer what a fresh read
 * answers (docs/performance.md, "Server paths").
 */
import { addDays } from '@habitquest/core/dates';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  achievements,
  completions,
  habits,
  ledger,
  progress,
  skips,
  vacations,
} from '../db/schema';
import { RECENT_DAYS } from '../progress/load-progress';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/harness';
import { unlockedIdsOf, userIdOf } from '../../test/rewards-support';
import { moveRevision, setStateChecked, veteran as veteranOf } from '../../test/set-state-support';
import {
  setStateAnswer,
  setStateCall,
  type SetStateAnswer,
  type WriteParams,
} from './set-state-statement';

type Json = Record<string, unknown>;
const NOW = new Date('2026-06-17T12:00:00Z'); // a Wednesday; the account's zone is UTC
const TODAY = '2026-06-17';

/** The write of completing a daily habit today, as planWrite would make it. */
function completingToday(
  values: Partial<Pick<WriteParams, 'xpEarned' | 'pointsEarned' | 'categoryId'>>,
): WriteParams {
  return {
    date: TODAY,
    periodKey: TODAY,
    completed: true,
    xpEarned: 10,
    pointsEarned: 5,
    completedAt: NOW,
    period: { start: TODAY, end: TODAY },
    today: TODAY,
    recentDays: 64,
    readHabits: true,
    dayKeys: [TODAY, '2026-W25', '2026-06', '2026'],
    month: { first: '2026-06-01', last: '2026-06-30' },
    categoryId: null,
    countCap: 1000,
    ...values,
  };
}

async function habit(client: TestClient, body: Json): Promise<string> {
  const response = await client.post<{ id: string }>('/api/habits', body);
  expect(response.status).toBe(201);
  return response.body.id;
}

describe.each(DATABASE_KINDS)('the set-state statement on %s', (kind) => {
  let server: TestServer;
  /** The server's clock: NOW unless a test moves it (and puts it back). */
  let now = NOW;

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => now });
  });
  afterAll(async () => {
    await server.stop();
  });

  /** Sets a completion; its answer's progress must be what /api/me reads right after. */
  const setState = (client: TestClient, habitId: string, date: string, completed: boolean) =>
    setStateChecked(server, client, { habitId, date, completed });

  /** One call of hq_set_completion in a transaction of its own. */
  async function callOnce(
    userId: string,
    habitId: string,
    expected: number | null,
    params: WriteParams | null,
  ): Promise<SetStateAnswer> {
    return server.database.stepTransaction(async (steps) => ({
      value: setStateAnswer(await steps.run([setStateCall(userId, habitId, expected, params)])),
      withCommit: [],
    }));
  }

  /** The call with no revision: it only locks and reads. */
  async function lockOnly(userId: string, habitId: string) {
    const answer = await callOnce(userId, habitId, null, null);
    if (answer.kind !== 'stale') throw new Error('a call without a revision wrote');
    return answer;
  }

  it('locks, creating a missing progress row, and reads only the user’s habit and settings', async () => {
    const { client } = await signUp(server);
    const { client: other } = await signUp(server);
    const id = await habit(client, { title: 'Read', frequency: 'weekly', xpOnComplete: 20 });
    const othersHabit = await habit(other, { title: 'Theirs' });
    expect((await client.patch('/api/settings', { weekStart: 1 })).status).toBe(200);
    const userId = await userIdOf(client);
    await server.database.db.delete(progress).where(eq(progress.userId, userId));

    const locked = await lockOnly(userId, id);
    expect(locked.before).toEqual({ xp: 0, points: 0 });
    expect(locked.habit).toMatchObject({
      id,
      userId,
      name: 'Read',
      frequency: 'weekly',
      xpReward: 20,
      isRecurring: true,
      specificDate: null,
    });
    // Every column as drizzle reads it (instants to the millisecond, dates as text).
    const [stored] = await server.database.db.select().from(habits).where(eq(habits.id, id));
    expect(locked.habit).toEqual(stored);
    expect(locked.storedSettings).toMatchObject({ weekStart: 1 });
    expect(locked.revision).toBe(0);
    const rows = await server.database.db
      .select()
      .from(progress)
      .where(eq(progress.userId, userId));
    expect(rows).toHaveLength(1);

    const foreign = await lockOnly(userId, othersHabit);
    expect(foreign.habit).toBeNull();
    expect(
      (
        await client.request('PUT', `/api/habits/${othersHabit}/completions/${TODAY}`, {
          completed: true,
        })
      ).status,
    ).toBe(404);
  });

  it('writes only at the revision its write was computed from, and answers the revision after', async () => {
    const { client } = await signUp(server);
    const id = await habit(client, { title: 'Walk', xpOnComplete: 30 });
    const userId = await userIdOf(client);
    const { revision } = await lockOnly(userId, id);
    const params = completingToday({ xpEarned: 30, pointsEarned: 15 });
    const completionsOf = () =>
      server.database.db.select().from(completions).where(eq(completions.userId, userId));
    const revisionNow = async () =>
      (await server.database.db.select().from(progress).where(eq(progress.userId, userId)))[0]
        ?.revision;

    // Computed from data that has moved on since: nothing is written, and what is current comes back.
    const moved = await callOnce(userId, id, revision + 1, params);
    expect(moved).toMatchObject({ kind: 'stale', revision, habit: { id, xpReward: 30 } });
    expect(await completionsOf()).toEqual([]);
    expect(await revisionNow()).toBe(revision);

    const written = await callOnce(userId, id, revision, params);
    if (written.kind !== 'written') throw new Error('the current revision did not write');
    expect(written.written.inserted).toMatchObject({ habitId: id, periodKey: TODAY, xpEarned: 30 });
    expect(written.written.after).toEqual({ xp: 30, points: 15 });
    expect(written.revision).toBeGreaterThan(revision);
    expect(await revisionNow()).toBe(written.revision);
    expect(await completionsOf()).toHaveLength(1);
  });

  it("writes nothing for another user's habit, even at the current revision", async () => {
    const { client } = await signUp(server);
    const { client: other } = await signUp(server);
    const theirs = await habit(other, { title: 'Theirs' });
    const userId = await userIdOf(client);
    const otherId = await userIdOf(other);
    const { revision } = await lockOnly(userId, theirs);
    const answer = await callOnce(userId, theirs, revision, completingToday({}));
    expect(answer).toMatchObject({ kind: 'stale', revision, habit: null });
    for (const owner of [userId, otherId]) {
      expect(
        await server.database.db.select().from(completions).where(eq(completions.userId, owner)),
      ).toEqual([]);
      expect(
        await server.database.db.select().from(ledger).where(eq(ledger.userId, owner)),
      ).toEqual([]);
    }
  });

  it("reads the month's completions of the completed habit's category only, for its goal", async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const categories = (await client.get<{ id: string; name: string }[]>('/api/categories')).body;
    const idOf = (name: string): string | null =>
      categories.find((category) => category.name === name)?.id ?? null;
    const health = idOf('HEALTH & FITNESS');
    const career = idOf('CAREER');
    const run = await habit(client, { title: 'Run', categoryId: health });
    const swim = await habit(client, { title: 'Swim', categoryId: health });
    const write = await habit(client, { title: 'Write', categoryId: career });
    // This month in both categories, and last month in the same one.
    for (const [id, date] of [
      [swim, '2026-06-02'],
      [swim, '2026-05-30'],
      [write, '2026-06-03'],
      [run, '2026-06-04'],
    ] as const) {
      await setState(client, id, date, true);
    }
    const { revision } = await lockOnly(userId, run);
    const answer = await callOnce(userId, run, revision, completingToday({ categoryId: health }));
    if (answer.kind !== 'written') throw new Error('the current revision did not write');
    const month = answer.written.facts?.monthCompletions.map((row) => [
      row.habitId,
      row.completionDate,
    ]);
    expect(month?.sort()).toEqual(
      [
        [run, '2026-06-04'],
        [swim, '2026-06-02'],
      ].sort(),
    );
    expect(answer.written.facts?.category).toMatchObject({ id: health });
  });

  it('computes each completion from the habit and settings as they are now, after edits', async () => {
    const { client } = await signUp(server);
    const id = await habit(client, { title: 'Clean', frequency: 'weekly', xpOnComplete: 20 });
    const put = (date: string, completed: boolean) =>
      client.request<{ completion: { periodKey: string; xpEarned: number } | null }>(
        'PUT',
        `/api/habits/${id}/completions/${date}`,
        { completed },
      );
    // The first two keep the habit and settings (a Sunday week start: the 14th's week holds the 17th).
    expect((await put('2026-06-14', true)).body.completion).toMatchObject({ xpEarned: 20 });
    expect((await put('2026-06-14', false)).body.completion).toBeNull();
    expect((await client.patch(`/api/habits/${id}`, { xpOnComplete: 45 })).status).toBe(200);
    expect((await put('2026-06-14', true)).body.completion).toMatchObject({
      xpEarned: 45,
      periodKey: '2026-W25',
    });
    expect((await put('2026-06-14', false)).status).toBe(200);
    // A Monday week start moves Sunday the 14th into the week before.
    expect((await client.patch('/api/settings', { weekStart: 1 })).status).toBe(200);
    expect((await put('2026-06-14', true)).body.completion).toMatchObject({
      xpEarned: 45,
      periodKey: '2026-W24',
    });
    // A habit deleted since is not found, whatever was kept.
    expect((await client.request('DELETE', `/api/habits/${id}`)).status).toBe(200);
    expect((await put('2026-06-15', true)).status).toBe(404);
  });

  it.runIf(kind === 'postgres')(
    'takes one round trip once its inputs and session are known, with an Idempotency-Key too: one prepared statement; its events follow the commit; two when the prediction does not hold',
    async () => {
      const { client } = await signUp(server);
      const userId = await userIdOf(client);
      const id = await habit(client, { title: 'Stretch' });
      const put = (completed: boolean, key?: string) =>
        client.request(
          'PUT',
          `/api/habits/${id}/completions/${TODAY}`,
          { completed },
          key === undefined ? {} : { 'idempotency-key': key },
        );
      // Every message a pooled connection sends (a prepared statement as its text).
      const spy = vi.spyOn(pg.Client.prototype, 'query');
      const sent = (): string[] =>
        spy.mock.calls.map(([first]) =>
          typeof first === 'string' ? first : String((first as { text?: string }).text),
        );
      /**
       * The messages of one request once its events are out too: the events are published after
       * the commit, not awaited by the answer (realtime/bus.ts).
       */
      const sentWithEvents = async (): Promise<string[]> => {
        await vi.waitFor(() => {
          expect(sent().at(-1)).toMatch(/^select pg_notify\(/);
        });
        return sent();
      };
      const notified =
        /^select pg_notify\('habitquest_events', '\{[^;]*"type":"completions".*\), pg_notify\('habitquest_events', '\{[^;]*"type":"progress"/s;
      try {
        // The first one keeps the inputs (its session was looked up when the habit was created);
        // the others are each one statement, which checks the session first.
        expect((await put(true)).status).toBe(200);
        await sentWithEvents();
        for (const completed of [false, true, false]) {
          spy.mockClear();
          expect((await put(completed)).status).toBe(200);
          const messages = await sentWithEvents();
          expect(messages).toHaveLength(2);
          expect(messages[0]).toMatch(/^select hq_set_state\(\$1::text, /);
          // The change's two events (completions, progress), in one statement after the commit.
          expect(messages[1]).toMatch(notified);
        }
        // With an Idempotency-Key (the web app's way) still one: the statement claims the key and
        // stores its answer. (The process's first keyed request also purges old keys, at most
        // hourly: that one goes first.)
        expect((await put(false, 'purges')).status).toBe(200);
        await sentWithEvents();
        spy.mockClear();
        expect((await put(true, 'one-trip')).status).toBe(200);
        let messages = await sentWithEvents();
        expect(messages).toHaveLength(2);
        expect(messages[0]).toMatch(/^select hq_set_state\(/);
        // Another instance's change moved the revision: the statement writes nothing, and the
        // change is made the other way (the key claimed with the call, its answer with COMMIT).
        await moveRevision(server, userId);
        spy.mockClear();
        expect((await put(false, 'two-trips')).status).toBe(200);
        messages = await sentWithEvents();
        expect(messages[0]).toMatch(/^select hq_set_state\(/);
        expect(messages[1]).toMatch(
          /^begin;\nwith claim as \(insert into idempotency_keys .*\) select case when exists \(select 1 from auth_sessions .*\) then case when exists \(select 1 from claim\) then hq_set_completion\(/s,
        );
        expect(messages.at(-2)).toMatch(/^update idempotency_keys set status = 200, .*;\ncommit$/s);
        expect(messages.at(-1)).toMatch(notified);
        // Each key answers its own change again.
        expect((await put(true, 'one-trip')).body).toMatchObject({ added: true });
        expect((await put(false, 'two-trips')).body).toMatchObject({ added: false });
      } finally {
        spy.mockRestore();
      }
    },
  );

  /** A user whose habits were each done on every one of the `days` days before today. */
  async function userWithRun(titles: string[], days: number) {
    const { client } = await signUp(server);
    const ids: string[] = [];
    for (const title of titles) ids.push(await habit(client, { title }));
    const userId = await userIdOf(client);
    const { db } = server.database;
    const written = await db
      .insert(completions)
      .values(
        ids.flatMap((habitId) =>
          Array.from({ length: days }, (_, i) => {
            const date = addDays(TODAY, -1 - i);
            const row = { habitId, userId, completionDate: date, periodKey: date };
            return { ...row, xpEarned: 10, pointsEarned: 5 };
          }),
        ),
      )
      .returning({ id: completions.id });
    // Their ledger entries and balances, as if each had been completed through the API.
    await db.insert(ledger).values(
      written.map(({ id }) => ({
        userId,
        kind: 'earn' as const,
        xpDelta: 10,
        pointsDelta: 5,
        refId: id,
      })),
    );
    await db
      .update(progress)
      .set({ xp: written.length * 10, points: written.length * 5 })
      .where(eq(progress.userId, userId));
    return { client, ids };
  }

  it.runIf(kind === 'postgres')(
    'keeps every day of a streak longer than the recent days, and reads them again only on a new day',
    async () => {
      const { client, ids } = await userWithRun(['Walk'], RECENT_DAYS + 10);
      const [walk = ''] = ids;
      const put = (date: string, completed: boolean) =>
        client.request<{ progress: Json }>('PUT', `/api/habits/${walk}/completions/${date}`, {
          completed,
        });
      const spy = vi.spyOn(pg.Client.prototype, 'query');
      // The request's own messages: its events go out after the commit (realtime/bus.ts).
      const reads = () =>
        spy.mock.calls.filter(([first]) => {
          const text = typeof first === 'string' ? first : (first as { text?: string }).text;
          return !text?.startsWith('select pg_notify(');
        }).length;
      try {
        // The first change reads its inputs and every day; the next ones read neither, and are
        // one statement each (set-state-predicted.ts).
        expect((await setState(client, walk, TODAY, true)).progress).toMatchObject({
          streak: RECENT_DAYS + 11,
        });
        spy.mockClear();
        expect((await put(TODAY, false)).status).toBe(200);
        expect(reads()).toBe(1);
        spy.mockClear();
        const again = await put(TODAY, true);
        expect(again.body.progress).toMatchObject({ streak: RECENT_DAYS + 11 });
        expect(reads()).toBe(1);
        // A day older than the recent ones: every day is kept, so none is read.
        const old = addDays(TODAY, -RECENT_DAYS - 5);
        spy.mockClear();
        const undone = await put(old, false);
        expect(undone.body.progress).toMatchObject({ streak: RECENT_DAYS + 5 });
        expect(reads()).toBe(1);
        // The next day, the days kept yesterday are not used: every day is read again (one more
        // message, after the recent days the call read).
        now = new Date(NOW.getTime() + 24 * 3600_000);
        spy.mockClear();
        const tomorrow = addDays(TODAY, 1);
        const next = await put(tomorrow, true);
        expect(next.body.progress).toMatchObject({ streak: RECENT_DAYS + 6 });
        expect(reads()).toBe(3);
      } finally {
        spy.mockRestore();
        now = NOW;
      }
    },
  );

  it('answers the day streak a fresh read gives through any completions and undos around a long streak', async () => {
    const step = fc.record({
      habit: fc.integer({ min: 0, max: 1 }),
      daysBack: fc.oneof(
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: RECENT_DAYS - 3, max: RECENT_DAYS + 12 }),
      ),
      completed: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (script) => {
        const { client, ids } = await userWithRun(['Walk', 'Read'], RECENT_DAYS + 8);
        // setState compares each answer's streak with /api/me's, which reads every day afresh.
        for (const { habit: index, daysBack, completed } of script) {
          await setState(client, ids[index] ?? '', addDays(TODAY, -daysBack), completed);
        }
      }),
      { numRuns: kind === 'postgres' ? 12 : 6 },
    );
  });

  it('takes away the day a weekly completion was made on when it is undone on another day of its week', async () => {
    const { client } = await signUp(server);
    const walk = await habit(client, { title: 'Walk' });
    const clean = await habit(client, { title: 'Clean', frequency: 'weekly' });
    // Made before the dates completed here (the database stamps them with its own clock).
    await server.database.db
      .update(habits)
      .set({ createdAt: new Date('2026-06-01T00:00:00Z') })
      .where(eq(habits.userId, await userIdOf(client)));
    // Sunday to Wednesday: Walk on three of the days, the weekly Clean on Monday.
    for (const date of ['2026-06-14', '2026-06-16', TODAY])
      await setState(client, walk, date, true);
    expect((await setState(client, clean, '2026-06-15', true)).progress).toMatchObject({
      streak: 4,
    });
    // Undone through today's date: the week's completion goes, and with it Monday's only one.
    // The days kept since the first change must lose Monday, not today (setState compares every
    // answer with a fresh read).
    expect((await setState(client, clean, TODAY, false)).progress).toMatchObject({ streak: 2 });
  });

  it('answers the progress a fresh read gives, around skips, vacations and undos', async () => {
    const { client } = await signUp(server);
    const daily = await habit(client, { title: 'Walk', xpOnComplete: 30 });
    const other = await habit(client, { title: 'Read', xpOnComplete: 10 });
    const weekly = await habit(client, { title: 'Clean', frequency: 'weekly', xpOnComplete: 50 });
    const userId = await userIdOf(client);
    for (const date of ['2026-06-14', '2026-06-15']) await setState(client, daily, date, true);
    // A skip of the other daily habit on the 16th; completing the 16th takes the skip away.
    const skipOf = (habitId: string, date: string) =>
      client.request('PUT', `/api/habits/${habitId}/skips/${date}`, { skipped: true });
    expect((await skipOf(other, '2026-06-16')).status).toBe(200);
    await setState(client, other, '2026-06-16', true);
    const left = await server.database.db
      .select()
      .from(skips)
      .where(and(eq(skips.userId, userId), eq(skips.habitId, other)));
    expect(left).toEqual([]);
    // A weekly skip goes when any day of its week is completed.
    expect((await skipOf(weekly, '2026-06-15')).status).toBe(200);
    const done = await setState(client, weekly, '2026-06-17', true);
    expect(done).toMatchObject({
      added: true,
      completion: { periodKey: '2026-W25', xpEarned: 50 },
    });
    expect(await server.database.db.select().from(skips).where(eq(skips.habitId, weekly))).toEqual(
      [],
    );
    // A vacation the day streak passes over, then undos and a repeat.
    // (The API plans vacations ahead only: a past one is written directly.)
    await server.database.db
      .insert(vacations)
      .values({ userId, startsOn: '2026-06-10', endsOn: '2026-06-13' });
    await setState(client, daily, '2026-06-09', true);
    await setState(client, daily, TODAY, true);
    const again = await setState(client, daily, TODAY, true);
    expect(again).toMatchObject({ added: false, completion: { completionDate: TODAY } });
    // The completion read back by the statement is the one the list answers, to the last field.
    const listed = await client.get<Json[]>(`/api/completions?from=${TODAY}&to=${TODAY}`);
    expect(listed.body.filter((c) => c.habitId === daily)).toEqual([again.completion]);
    await setState(client, other, '2026-06-16', false);
    const undone = await setState(client, daily, '2026-06-15', false);
    expect(undone).toMatchObject({ added: false, completion: null });
    const none = await setState(client, daily, '2026-06-15', false);
    expect(none).toMatchObject({ added: false, completion: null });
  });

  /** A user with one daily habit and every achievement but `except` unlocked (written directly). */
  const veteran = (except: string[]) => veteranOf(server, except, { now: NOW });

  it.runIf(kind === 'postgres')(
    'reads no facts for achievements that are all unlocked: one statement, no count, no day, no month',
    async () => {
      const { client, id } = await veteran([]);
      // The first change reads the facts, and with them which achievements are unlocked.
      await setState(client, id, '2026-06-01', true);
      const spy = vi.spyOn(pg.Client.prototype, 'query');
      try {
        await setState(client, id, '2026-06-02', true);
        const calls = spy.mock.calls.map(([first]) => first as string | pg.QueryConfig);
        const predicted = calls.find(
          (call): call is pg.QueryConfig =>
            typeof call !== 'string' && call.text.startsWith('select hq_set_state('),
        );
        // Nothing can be earned, so nothing is counted or summed: no completions count (null),
        // no category's month (null).
        expect(predicted?.values?.slice(15, 17)).toEqual([null, null]);
        expect(
          calls.some((call) => typeof call === 'string' && call.includes('hq_set_completion(')),
        ).toBe(false);
      } finally {
        spy.mockRestore();
      }
    },
  );

  it('unlocks again an achievement removed since its unlock was kept, and reads its facts for it', async () => {
    const { client, id: read, userId, unlocked } = await veteran(['perfect-day']);
    const walk = await habit(client, { title: 'Walk' });
    // Made before today on the test's clock (the database stamps them with its own).
    await server.database.db
      .update(habits)
      .set({ createdAt: new Date('2026-06-01T00:00:00Z') })
      .where(eq(habits.userId, userId));
    // Both habits done today: a perfect day, unlocked now and kept as unlocked.
    await setState(client, read, TODAY, true);
    expect(await unlocked()).not.toContain('perfect-day');
    await setState(client, walk, TODAY, true);
    expect(await unlocked()).toContain('perfect-day');
    now = new Date(NOW.getTime() + 24 * 3600_000);
    try {
      const tomorrow = addDays(TODAY, 1);
      await setState(client, read, tomorrow, true);
      // Removed (as an import or a reset removes it): the kept set must not be trusted any more,
      // or tomorrow's perfect day would be judged on its last completion alone, and missed.
      await server.database.db
        .delete(achievements)
        .where(and(eq(achievements.userId, userId), eq(achievements.achievementId, 'perfect-day')));
      await setState(client, walk, tomorrow, true);
      expect(await unlocked()).toContain('perfect-day');
    } finally {
      now = NOW;
    }
  });

  it('unlocks what the completion itself earns, counting completions only as far as needed', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const unlocked = () => unlockedIdsOf(server, userId);
    const id = await habit(client, { title: 'Read' });
    for (let day = 1; day <= 9; day += 1) {
      await setState(client, id, `2026-06-0${String(day)}`, true);
    }
    expect(await unlocked()).not.toContain('completions-10');
    const tenth = await client.request<{ id: string }>(
      'PUT',
      `/api/habits/${id}/completions/2026-06-10`,
      {
        completed: true,
      },
    );
    expect(tenth.status).toBe(200);
    // Read from the table, not the list (which back-fills): the completion unlocked it.
    expect(await unlocked()).toContain('completions-10');

    // A category goal met by this completion.
    const categories = (await client.get<{ id: string; name: string }[]>('/api/categories')).body;
    const health = categories.find((c) => c.name === 'HEALTH & FITNESS')?.id;
    const run = await habit(client, { title: 'Run', xpOnComplete: 100, categoryId: health });
    for (const date of ['2026-06-11', '2026-06-12', '2026-06-13']) {
      await setState(client, run, date, true);
    }
    expect(await unlocked()).not.toContain('goal-met');
    await setState(client, run, '2026-06-14', true);
    expect(await unlocked()).toContain('goal-met');
  });
});
