/**
 * Points and XP move only through the ledger; `progress` caches its sums in the same transaction
 * (docs/decisions.md). Every money-like change of a user starts with lockUser, which serialises that
 * user's transactions on their progress row, so concurrent requests can neither pass a plan limit
 * nor spend the same points twice.
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { ledger, progress, type LEDGER_KINDS } from '../db/schema';

export type Balances = { xp: number; points: number };

/** Locks the user's progress row for the rest of the transaction; returns the current sums. */
export async function lockUser(tx: Tx, userId: string): Promise<Balances> {
  const lock = () =>
    tx
      .select({ xp: progress.xp, points: progress.points })
      .from(progress)
      .where(eq(progress.userId, userId))
      .for('update');
  const [row] = await lock();
  if (row) return row;
  // Only an account whose provisioning was cut short lacks the row: create it, then lock it.
  await tx.insert(progress).values({ userId }).onConflictDoNothing();
  const [created] = await lock();
  return created ?? { xp: 0, points: 0 };
}

/** Writes one ledger entry and moves the cached sums by the same amounts. */
export async function recordLedger(
  tx: Tx,
  entry: {
    userId: string;
    kind: (typeof LEDGER_KINDS)[number];
    xpDelta: number;
    pointsDelta: number;
    refId?: string | null;
  },
): Promise<Balances> {
  // One statement: the entry is written by a data-modifying CTE, which PostgreSQL runs exactly
  // once whether or not the update refers to it.
  const entryWrite = tx.$with('entry').as(
    tx
      .insert(ledger)
      .values({ ...entry, refId: entry.refId ?? null })
      .returning({ id: ledger.id }),
  );
  const [row] = await tx
    .with(entryWrite)
    .update(progress)
    .set({
      xp: sql`${progress.xp} + ${entry.xpDelta}`,
      points: sql`${progress.points} + ${entry.pointsDelta}`,
      updatedAt: new Date(),
    })
    .where(eq(progress.userId, entry.userId))
    .returning({ xp: progress.xp, points: progress.points });
  if (!row) throw new Error(`progress row missing for ${entry.userId}: call lockUser first`);
  return row;
}

/** The ledger's true sums, for audits and tests: they must equal the cached progress. */
export async function ledgerSums(tx: Tx, userId: string): Promise<Balances> {
  const [row] = await tx
    .select({
      xp: sql<number>`coalesce(sum(${ledger.xpDelta}), 0)::int`,
      points: sql<number>`coalesce(sum(${ledger.pointsDelta}), 0)::int`,
    })
    .from(ledger)
    .where(eq(ledger.userId, userId));
  return row ?? { xp: 0, points: 0 };
}
