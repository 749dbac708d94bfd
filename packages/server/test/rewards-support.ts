/**
 * Helpers for the integration tests: they reach into the database where the API under test offers
 * no way (points, Pro, habits written by another feature, the unlocks a change recorded).
 */
import { eq } from 'drizzle-orm';
import { achievements, entitlements, habits, progress } from '../src/db/schema';
import { ledgerSums, lockUser, recordLedger, type Balances } from '../src/progress/ledger';
import type { ApiResponse, TestClient, TestServer } from './harness';

export type ErrorBody = { error: { code: string; message: string; [key: string]: unknown } };

/** The signed-in user's id (GET /api/me also provisions the account's defaults). */
export async function userIdOf(client: TestClient): Promise<string> {
  const me = await client.get<{ user: { id: string } }>('/api/me');
  if (me.status !== 200) throw new Error(`GET /api/me answered ${me.status}`);
  return me.body.user.id;
}

/** The ids of the achievements recorded for the user, sorted (from the table: the list back-fills). */
export async function unlockedIdsOf(server: TestServer, userId: string): Promise<string[]> {
  const rows = await server.database.db
    .select({ id: achievements.achievementId })
    .from(achievements)
    .where(eq(achievements.userId, userId));
  return rows.map((row) => row.id).sort();
}

/** DELETE through the client (the harness has no shorthand for it). */
export function remove<T = Record<string, unknown>>(
  client: TestClient,
  url: string,
): Promise<ApiResponse<T>> {
  return client.request<T>('DELETE', url);
}

/** Moves points (and twice as much XP) through the ledger, as a completion or undo would. */
export async function givePoints(server: TestServer, userId: string, points: number) {
  await server.database.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await recordLedger(tx, {
      userId,
      kind: points >= 0 ? 'earn' : 'undo',
      xpDelta: points * 2,
      pointsDelta: points,
    });
  });
}

/** Grants Pro the way the operator command does: an entitlement row. */
export async function makePro(server: TestServer, userId: string): Promise<void> {
  await server.database.db.insert(entitlements).values({ userId, premiumHabit: true });
}

/** A habit row written directly (the habits API is another feature's). */
export async function insertHabit(
  server: TestServer,
  userId: string,
  categoryId: string | null,
): Promise<string> {
  const [row] = await server.database.db
    .insert(habits)
    .values({ userId, name: 'Read', frequency: 'daily', categoryId })
    .returning({ id: habits.id });
  if (!row) throw new Error('habit insert returned no row');
  return row.id;
}

/** The category a habit row points at now. */
export async function categoryOfHabit(server: TestServer, habitId: string) {
  const [row] = await server.database.db
    .select({ categoryId: habits.categoryId })
    .from(habits)
    .where(eq(habits.id, habitId));
  return row?.categoryId;
}

/** The cached balances and the ledger's own sums, which must agree. */
export async function balancesOf(
  server: TestServer,
  userId: string,
): Promise<{ cached: Balances; ledger: Balances }> {
  const db = server.database.db;
  const [cached] = await db
    .select({ xp: progress.xp, points: progress.points })
    .from(progress)
    .where(eq(progress.userId, userId));
  const ledger = await db.transaction((tx) => ledgerSums(tx, userId));
  return { cached: cached ?? { xp: 0, points: 0 }, ledger };
}
