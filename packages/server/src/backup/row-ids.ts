/**
 * Which ids an import may keep. Ids in a file are the exporting user's own, but a file can come
 * from anyone, so an id is kept only when it is a uuid that no other user's row holds; anything
 * else gets a fresh uuid. Kept ids let a client's open views and queued changes stay valid after
 * a merge or a restore, and let merging one's own backup twice change nothing. A habit id the
 * user may not hold is replaced, before the merge, by one derived from it and the user's id, so
 * merging someone else's file twice also adds their habits once.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { BackupData } from '@habitquest/core/backup/schema';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
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
export async function loadOwnRows(tx: Database | Tx, userId: string): Promise<OwnRows> {
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
  tx: Database | Tx,
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

/**
 * The id this user's copy of a habit gets when the file's id may not be kept (not a uuid, or
 * another user's): a hash of both, shaped as a uuid (version 8, RFC 9562's custom layout).
 */
export function derivedId(userId: string, fileId: string): string {
  const hex = createHash('sha256').update(`${userId}\u0000${fileId}`).digest('hex');
  const variant = (8 | (Number.parseInt(hex.charAt(16), 16) & 3)).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `8${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}

/**
 * The file with each habit's id as this user may hold it: the file's uuid (lowercase) when no
 * other user's habit has it, else the derived id. Merge matches habits by id, so this is what
 * lets a second import of the same file find the habits the first one made.
 */
export async function withOwnHabitIds(
  tx: Database | Tx,
  userId: string,
  data: BackupData,
): Promise<BackupData> {
  const taken = await takenIds(
    tx,
    habits,
    userId,
    data.habits.map((habit) => habit.id),
  );
  const ids = new Map(
    data.habits.map((habit) => {
      const uuid = uuidOf(habit.id);
      return [habit.id, uuid !== null && !taken.has(uuid) ? uuid : derivedId(userId, habit.id)];
    }),
  );
  // Skips and pauses follow their habit; the schema saw that each names one of the file's.
  const idOf = (fileId: string) => ids.get(fileId) ?? derivedId(userId, fileId);
  return {
    ...data,
    habits: data.habits.map((habit) => {
      const id = idOf(habit.id);
      return id === habit.id ? habit : { ...habit, id };
    }),
    skips: data.skips.map((skip) => ({ ...skip, habitId: idOf(skip.habitId) })),
    pauses: data.pauses.map((pause) => ({ ...pause, habitId: idOf(pause.habitId) })),
  };
}
