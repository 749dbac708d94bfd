/**
 * Which ids an import may keep. Ids in a file are the exporting user's own, but a file can come
 * from anyone, so an id is kept only when it is a uuid that no other user's row holds; anything
 * else gets a fresh uuid. Kept ids let a client's open views and queued changes stay valid after
 * a merge or a restore, and let merging one's own backup twice change nothing.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { categories, habits, purchasedRewards, rewards } from '../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Ids per lookup, well under PostgreSQL's 65535 bind parameters. */
const LOOKUP_CHUNK = 1000;

/** What the user holds now, so that rows staying in place keep their details. */
export type OwnRows = {
  rewards: Map<string, Date>;
  categories: Map<string, { id: string; createdAt: Date }>;
  purchases: Map<string, string | null>;
};

/** The user's rewards, categories (by name) and purchases, before anything is replaced. */
export async function loadOwnRows(tx: Tx, userId: string): Promise<OwnRows> {
  const rewardRows = await tx
    .select({ id: rewards.id, createdAt: rewards.createdAt })
    .from(rewards)
    .where(eq(rewards.userId, userId));
  const categoryRows = await tx
    .select({ id: categories.id, name: categories.name, createdAt: categories.createdAt })
    .from(categories)
    .where(eq(categories.userId, userId));
  const purchaseRows = await tx
    .select({ id: purchasedRewards.id, rewardId: purchasedRewards.rewardId })
    .from(purchasedRewards)
    .where(eq(purchasedRewards.userId, userId));
  return {
    rewards: new Map(rewardRows.map((row) => [row.id, row.createdAt])),
    categories: new Map(categoryRows.map((row) => [row.name, row])),
    purchases: new Map(purchaseRows.map((row) => [row.id, row.rewardId])),
  };
}

/** A uuid in its stored (lowercase) form, or null when the text is not one. */
export function uuidOf(id: string | undefined): string | null {
  const lower = id?.trim().toLowerCase();
  return lower !== undefined && UUID.test(lower) ? lower : null;
}

/** The ids among `candidates` that another user's rows of `table` hold. */
export async function takenIds(
  tx: Tx,
  table: typeof habits | typeof rewards | typeof purchasedRewards,
  userId: string,
  candidates: readonly (string | undefined)[],
): Promise<Set<string>> {
  const ids = [...new Set(candidates.map(uuidOf).filter((id) => id !== null))];
  const taken = new Set<string>();
  for (let start = 0; start < ids.length; start += LOOKUP_CHUNK) {
    const rows = await tx
      .select({ id: table.id })
      .from(table)
      .where(
        and(inArray(table.id, ids.slice(start, start + LOOKUP_CHUNK)), ne(table.userId, userId)),
      );
    for (const row of rows) taken.add(row.id);
  }
  return taken;
}

/**
 * Hands out the file's id when it may be kept and is not already handed out (a merge can bring
 * two rows with one id); otherwise a fresh uuid.
 */
export function idPicker(taken: ReadonlySet<string>): (id: string | undefined) => string {
  const used = new Set<string>();
  return (id) => {
    const uuid = uuidOf(id);
    const chosen = uuid !== null && !taken.has(uuid) && !used.has(uuid) ? uuid : randomUUID();
    used.add(chosen);
    return chosen;
  };
}
