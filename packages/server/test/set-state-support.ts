/**
 * Helpers of the completion set-state's tests (src/habits/set-state-*.test.ts and the tests of
 * what it keeps): a change whose answer is checked against a fresh read, a user with the
 * achievements of a long-time one, and the user's data revision, read and moved.
 */
import { ACHIEVEMENTS } from '@habitquest/core/achievements';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { achievements, progress } from '../src/db/schema';
import { ledgerSums } from '../src/progress/ledger';
import { signUp, type TestClient, type TestServer } from './harness';
import { unlockedIdsOf, userIdOf } from './rewards-support';

type Json = Record<string, unknown>;

/**
 * Sets a completion; its answer's progress must be what /api/me reads right after, and the
 * ledger's sums the balances.
 */
export async function setStateChecked(
  server: TestServer,
  client: TestClient,
  change: { habitId: string; date: string; completed: boolean },
  headers: Record<string, string> = {},
): Promise<Json> {
  const answer = await client.request<{ progress: Json }>(
    'PUT',
    `/api/habits/${change.habitId}/completions/${change.date}`,
    { completed: change.completed },
    headers,
  );
  expect(answer.status).toBe(200);
  const me = (await client.get<{ progress: Json }>('/api/me')).body;
  // The answer says whether this change levelled up; everything else is as read.
  expect({ ...answer.body.progress, leveledUp: me.progress.leveledUp }).toEqual(me.progress);
  // Read before the transaction: on PGlite a request inside it would wait for it.
  const userId = await userIdOf(client);
  const sums = await server.database.db.transaction((tx) => ledgerSums(tx, userId));
  expect(sums).toEqual({ xp: me.progress.xp, points: me.progress.points });
  return answer.body;
}

/**
 * A user with one habit (`habitBody`, given the user's categories by name) and every achievement
 * but `except` unlocked, written before any change is kept.
 */
export async function veteran(
  server: TestServer,
  except: readonly string[],
  options: { now: Date; habitBody?: (categories: Map<string, string>) => Json },
) {
  const { client } = await signUp(server);
  const categories = (await client.get<{ id: string; name: string }[]>('/api/categories')).body;
  const created = await client.post<{ id: string }>(
    '/api/habits',
    options.habitBody?.(new Map(categories.map((c) => [c.name, c.id]))) ?? { title: 'Read' },
  );
  expect(created.status).toBe(201);
  const userId = await userIdOf(client);
  await server.database.db
    .insert(achievements)
    .values(
      ACHIEVEMENTS.filter((a) => !except.includes(a.id)).map((a) => ({
        userId,
        achievementId: a.id,
        unlockedAt: options.now,
      })),
    )
    .onConflictDoNothing(); // "First Step" came with the habit
  const unlocked = () => unlockedIdsOf(server, userId);
  return { client, id: created.body.id, userId, unlocked };
}

/** The user's data revision: progress.revision, which the tables' triggers move on every change. */
export async function revisionOf(server: TestServer, userId: string): Promise<number> {
  const [row] = await server.database.db
    .select({ revision: progress.revision })
    .from(progress)
    .where(eq(progress.userId, userId));
  if (!row) throw new Error(`no progress row for user ${userId}`);
  return row.revision;
}

/** Moves the user's data revision and nothing else, as another instance's change would look. */
export async function moveRevision(server: TestServer, userId: string): Promise<void> {
  await server.database.db
    .update(progress)
    .set({ revision: sql`${progress.revision} + 1` })
    .where(eq(progress.userId, userId));
}
