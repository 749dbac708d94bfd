/**
 * What a set-state keeps between changes (SetStateInputs: the habits, the settings, the days
 * with a completion, the unlocked achievements) must never change what it answers or unlocks. A
 * differential test on both databases: two users make the same random changes; the second one's
 * revision is moved before each change, so nothing kept ever serves it and every read is made
 * afresh. Their answers and their unlocks must stay the same through any sequence, including
 * unlocks removed behind the set-state's back (as an import or a reset removes them), and skips
 * with a habit back-filled to before it was made (the early completions that move rest days).
 */
import { addDays } from '@habitquest/core/dates';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { achievements, habits } from '../db/schema';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/harness';
import { unlockedIdsOf, userIdOf } from '../../test/rewards-support';
import { moveRevision } from '../../test/set-state-support';

type Json = Record<string, unknown>;
const NOW = new Date('2026-06-17T12:00:00Z'); // the account's zone is UTC
const TODAY = '2026-06-17';

type Change = { habit: number; daysBack: number; completed: boolean };
type Step = { set: Change } | { skip: Change } | { remove: string } | { nextDay: true };

const steps = fc.array(
  fc.oneof(
    {
      weight: 10,
      arbitrary: fc.record({
        habit: fc.integer({ min: 0, max: 2 }),
        daysBack: fc.integer({ min: 0, max: 3 }),
        completed: fc.boolean(),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'perfect-day',
        'goal-met',
        'first-completion',
        'completions-10',
        'streak-3',
      ),
    },
    { weight: 1, arbitrary: fc.constant(true as const) },
    {
      weight: 2,
      arbitrary: fc
        .record({
          habit: fc.integer({ min: 0, max: 2 }),
          daysBack: fc.integer({ min: 0, max: 3 }),
          completed: fc.boolean(),
        })
        .map((skip) => ({ skip })),
    },
  ),
  { minLength: 4, maxLength: 24 },
);

function asStep(value: Change | { skip: Change } | string | true): Step {
  if (value === true) return { nextDay: true } as const;
  if (typeof value === 'object' && 'skip' in value) return value;
  if (typeof value === 'string') return { remove: value };
  return { set: value };
}

describe.each(DATABASE_KINDS)('a set-state with kept inputs on %s', (kind) => {
  let server: TestServer;
  let now = NOW;

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => now });
  });
  afterAll(async () => {
    await server.stop();
  });

  /**
   * A user with two daily habits, one of them in a category with a goal and the other made on the
   * first day (the days before it are back-filled), and a weekly one.
   */
  async function player() {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const categories = (await client.get<{ id: string; name: string }[]>('/api/categories')).body;
    // A goal of 100 XP a month: two completions of Run meet it.
    const creative = categories.find((c) => c.name === 'CREATIVE')?.id;
    const ids: string[] = [];
    for (const body of [
      { title: 'Run', xpOnComplete: 60, categoryId: creative },
      { title: 'Read', xpOnComplete: 20 },
      { title: 'Clean', frequency: 'weekly', xpOnComplete: 50 },
    ]) {
      const created = await client.post<{ id: string }>('/api/habits', body);
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    // Made before the dates the test completes (the database stamps them with its own clock).
    await server.database.db
      .update(habits)
      .set({ createdAt: new Date('2026-05-01T00:00:00Z') })
      .where(eq(habits.userId, userId));
    const [, read] = ids;
    if (read === undefined) throw new Error('Read was not made');
    await server.database.db.update(habits).set({ createdAt: NOW }).where(eq(habits.id, read));
    return { client, userId, ids };
  }

  async function apply(
    user: { client: TestClient; userId: string; ids: string[] },
    step: Step,
    today: string,
  ): Promise<Json | null> {
    if ('remove' in step) {
      await server.database.db
        .delete(achievements)
        .where(
          and(eq(achievements.userId, user.userId), eq(achievements.achievementId, step.remove)),
        );
      return null;
    }
    if ('nextDay' in step) return null;
    if ('skip' in step) {
      const { habit, daysBack, completed } = step.skip;
      const date = addDays(today, -daysBack);
      const skipped = await user.client.request<Json>(
        'PUT',
        `/api/habits/${user.ids[habit] ?? ''}/skips/${date}`,
        { skipped: completed },
      );
      return { status: skipped.status, skipped: skipped.body.skipped ?? null };
    }
    const { habit, daysBack, completed } = step.set;
    // With an Idempotency-Key, as the web app sends it: a replay must answer the same.
    const put = (key: string) =>
      user.client.request<Json>(
        'PUT',
        `/api/habits/${user.ids[habit] ?? ''}/completions/${addDays(today, -daysBack)}`,
        { completed },
        { 'Idempotency-Key': key },
      );
    const key = crypto.randomUUID();
    const answer = await put(key);
    expect(await put(key)).toMatchObject({ status: answer.status, body: answer.body });
    const { completion, ...rest } = answer.body as { completion?: Json | null };
    // Ids differ between the two users; everything else must not.
    const { id, habitId, ...same } = completion ?? {};
    return {
      status: answer.status,
      ...rest,
      completion: completion
        ? { ...same, isId: typeof id, habit: user.ids.indexOf(String(habitId)) }
        : completion,
    };
  }

  it('answers and unlocks as a set-state that keeps nothing, through any changes', async () => {
    // How the keeping user's changes went: in one statement (written), or the other way (slow).
    const predicted = vi.spyOn(server.database, 'prepared');
    await fc.assert(
      fc.asyncProperty(steps, async (values) => {
        now = NOW;
        let today = TODAY;
        const keeping = await player();
        const fresh = await player();
        try {
          for (const step of values.map(asStep)) {
            if ('nextDay' in step) {
              today = addDays(today, 1);
              now = new Date(now.getTime() + 24 * 3600_000);
            }
            const kept = await apply(keeping, step, today);
            // Nothing kept can serve the other user: their revision moves first.
            await moveRevision(server, fresh.userId);
            const afresh = await apply(fresh, step, today);
            expect(kept).toEqual(afresh);
            expect(await unlockedIdsOf(server, keeping.userId)).toEqual(
              await unlockedIdsOf(server, fresh.userId),
            );
          }
        } finally {
          now = NOW;
        }
      }),
      {
        numRuns: kind === 'postgres' ? 25 : 15,
        examples: [
          // Read (made on the first day) back-filled behind a skip of Run, after a change that
          // kept the inputs: the kept early completions must move the rest day as a read does.
          [
            [
              { habit: 0, daysBack: 3, completed: true },
              { habit: 0, daysBack: 1, completed: true },
              { habit: 0, daysBack: 0, completed: true },
              { skip: { habit: 0, daysBack: 2, completed: true } },
              { habit: 1, daysBack: 0, completed: true },
              { habit: 1, daysBack: 3, completed: true },
              { habit: 1, daysBack: 3, completed: false },
              { habit: 1, daysBack: 0, completed: false },
            ],
          ],
        ],
      },
    );
    const kinds = await Promise.all(
      predicted.mock.results.map(async (result) => {
        const rows = (await result.value) as { result: { kind: string } }[];
        return rows[0]?.result.kind;
      }),
    );
    predicted.mockRestore();
    // Both ways are taken often: the prediction holds for many changes and not for others.
    const count = (of: string) => kinds.filter((k) => k === of).length;
    // (Skips move the revision, so a run's share of each way varies: at least 10 of each.)
    expect(count('written')).toBeGreaterThan(10);
    expect(count('slow')).toBeGreaterThan(10);
    // Up to 25 runs of 24 changes for two users over HTTP: 15-45 s, longer on a busy machine.
  }, 180_000);
});
