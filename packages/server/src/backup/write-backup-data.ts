/**
 * Puts BackupData in place of a user's habits, completions, categories, rewards, inventory and
 * settings in two steps: planImport works out every row (ids included) outside any transaction,
 * and writePlan applies it inside the caller's transaction (after lockUser) with as few and as
 * cheap statements as it can, because on the embedded database every other user waits until that
 * transaction ends. Points and XP are the caller's: they move through the ledger.
 */
import { randomUUID } from 'node:crypto';
import { ERROR_MESSAGES } from '@habitquest/contracts/errors';
import type { Settings } from '@habitquest/contracts/settings';
import type {
  BackupCategory,
  BackupCompletion,
  BackupHabit,
  BackupInventoryItem,
  BackupReward,
} from '@habitquest/core/backup/schema';
import { formatPath } from '@habitquest/core/backup/validate';
import { and, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../db/client';
import {
  categories,
  completions,
  habits,
  purchasedRewards,
  rewards,
  userSettings,
} from '../db/schema';
import { HttpError } from '../http/errors';
import { BACKUP_MESSAGES, blankToNull, fullColor, withOneFallback } from './prepare-import';
import { idPicker, loadOwnRows, takenIds, type OwnRows } from './row-ids';

/** Rows per INSERT of the small tables, well under PostgreSQL's 65535 bind parameters. */
const CHUNK = 500;
/** Completions per INSERT: they travel as one jsonb parameter, so only the statement's size counts. */
const COMPLETION_CHUNK = 2000;

type CategoryRow = typeof categories.$inferInsert & { id: string; name: string };
type HabitRow = typeof habits.$inferInsert & { id: string };
type RewardRow = typeof rewards.$inferInsert & { id: string };
type InventoryRow = typeof purchasedRewards.$inferInsert & { id: string };
/** A completion as the bulk insert takes it (short keys keep the jsonb parameter small). */
type CompletionRow = { h: string; d: string; k: string; x: number; p: number; c: string };

/** Every row an import writes. */
export type ImportPlan = {
  categories: CategoryRow[];
  habits: HabitRow[];
  /** The completions to insert; with `replacesCompletions` the user's others go first. */
  completions: CompletionRow[];
  replacesCompletions: boolean;
  rewards: RewardRow[];
  inventory: InventoryRow[];
  settings: Settings;
};

export type PlannedData = {
  habits: readonly BackupHabit[];
  categories: readonly BackupCategory[];
  shop: readonly BackupReward[];
  inventory: readonly BackupInventoryItem[];
};

/**
 * The rows that make the user's data equal `data`. Habits, rewards and inventory keep the file's
 * ids where row-ids.ts allows; categories keep the user's own id for a name they already have.
 * `existing` (a merge) names the completions the user already has, by habit id, which stay
 * as they are; without it (a replace) every completion of `data` is written afresh.
 */
export async function planImport(options: {
  db: Database | Tx;
  userId: string;
  data: PlannedData;
  settings: Settings;
  own: OwnRows;
  existing?: ReadonlyMap<string, readonly BackupCompletion[]>;
}): Promise<ImportPlan> {
  const { db, userId, data, own, existing } = options;
  const categoryRows = withOneFallback(data.categories).map((category): CategoryRow => {
    const kept = own.categories.get(category.name);
    return {
      id: kept?.id ?? randomUUID(),
      userId,
      name: category.name,
      color: fullColor(category.color),
      monthlyTargetXp: category.monthlyTargetXp,
      isFallback: category.isFallback,
    };
  });
  const categoryIds = new Map(categoryRows.map((row) => [row.name, row.id]));
  const pickHabitId = idPicker(await takenIds(db, habits, userId, data.habits.map(idOf)));
  const habitRows: HabitRow[] = [];
  const completionRows: CompletionRow[] = [];
  let sinceBreather = 0;
  for (const [index, habit] of data.habits.entries()) {
    // A long history takes a while to turn into rows; other requests run in between.
    if (sinceBreather >= COMPLETION_CHUNK) {
      sinceBreather = 0;
      await breather();
    }
    sinceBreather += habit.completions.length;
    const id = pickHabitId(habit.id);
    habitRows.push({
      id,
      userId,
      name: habit.name,
      description: blankToNull(habit.description),
      frequency: habit.frequency,
      categoryId: habit.category === null ? null : categoryIdOf(categoryIds, habit.category, index),
      isRecurring: habit.isRecurring,
      specificDate: habit.specificDate,
      xpReward: habit.xpOnComplete,
      color: fullColor(habit.color),
      icon: habit.icon.trim() === '' ? 'target' : habit.icon,
      createdAt: new Date(habit.createdAt),
      updatedAt: new Date(),
    });
    // A merge keeps the user's own completions; only the ones it adds are written.
    const kept = new Set(existing?.get(habit.id)?.map((completion) => completion.periodKey));
    for (const completion of habit.completions) {
      if (kept.has(completion.periodKey)) continue;
      // Completions keep what they awarded, so a later undo takes back exactly that.
      completionRows.push({
        h: id,
        d: completion.completionDate,
        k: completion.periodKey,
        x: completion.xpEarned,
        p: completion.pointsEarned,
        // As JavaScript reads the instant, whatever ISO 8601 form the file wrote it in.
        c: new Date(completion.completedAt).toISOString(),
      });
    }
  }
  const pickRewardId = idPicker(await takenIds(db, rewards, userId, data.shop.map(idOf)));
  const rewardRows = data.shop.map((reward): RewardRow => {
    const id = pickRewardId(reward.id);
    const createdAt = own.rewards.get(id);
    return {
      id,
      userId,
      name: reward.name,
      description: blankToNull(reward.description),
      cost: reward.cost,
      category: blankToNull(reward.category),
      icon: blankToNull(reward.icon),
      rarity: blankToNull(reward.rarity),
      keepInShop: reward.keepInShop,
      ...(createdAt ? { createdAt } : {}),
    };
  });
  const pickItemId = idPicker(
    await takenIds(db, purchasedRewards, userId, data.inventory.map(idOf)),
  );
  const inventoryRows = data.inventory.map((item): InventoryRow => {
    const id = pickItemId(item.id);
    return {
      id,
      // A purchase that stays keeps its link to the reward; the file itself has no such link.
      rewardId: own.purchases.get(id) ?? null,
      userId,
      rewardName: item.name,
      rewardCost: item.cost,
      rewardDescription: blankToNull(item.description),
      rewardIcon: blankToNull(item.icon),
      rewardRarity: blankToNull(item.rarity),
      purchasedAt: new Date(item.redeemedAt),
    };
  });
  return {
    categories: categoryRows,
    habits: habitRows,
    completions: completionRows,
    replacesCompletions: existing === undefined,
    rewards: rewardRows,
    inventory: inventoryRows,
    settings: options.settings,
  };
}

/**
 * Applies a plan: rows the plan does not name go, rows it names are inserted or updated in
 * place (so a merge rewrites nothing it does not change), completions are added in bulk.
 */
export async function writePlan(tx: Tx, userId: string, plan: ImportPlan): Promise<void> {
  const mine = (table: typeof habits | typeof categories | typeof rewards) =>
    eq(table.userId, userId);
  const notIn = (column: PgColumn, ids: string[]): SQL | undefined =>
    ids.length === 0 ? undefined : notInArray(column, ids);
  // Habits first: their completions cascade, and no habit is left pointing at a category.
  await tx.delete(habits).where(
    and(
      mine(habits),
      notIn(
        habits.id,
        plan.habits.map((row) => row.id),
      ),
    ),
  );
  if (plan.replacesCompletions) await tx.delete(completions).where(eq(completions.userId, userId));
  await tx.delete(categories).where(
    and(
      mine(categories),
      notIn(
        categories.id,
        plan.categories.map((row) => row.id),
      ),
    ),
  );
  await tx.delete(rewards).where(
    and(
      mine(rewards),
      notIn(
        rewards.id,
        plan.rewards.map((row) => row.id),
      ),
    ),
  );
  await tx.delete(purchasedRewards).where(
    and(
      eq(purchasedRewards.userId, userId),
      notIn(
        purchasedRewards.id,
        plan.inventory.map((row) => row.id),
      ),
    ),
  );
  await upsert(tx, categories, plan.categories, ['name', 'color', 'monthlyTargetXp', 'isFallback']);
  await upsert(tx, habits, plan.habits, [
    'name',
    'description',
    'frequency',
    'categoryId',
    'isRecurring',
    'specificDate',
    'xpReward',
    'color',
    'icon',
    'createdAt',
    'updatedAt',
  ]);
  await upsert(tx, rewards, plan.rewards, [
    'name',
    'description',
    'cost',
    'category',
    'icon',
    'rarity',
    'keepInShop',
  ]);
  await upsert(tx, purchasedRewards, plan.inventory, [
    'rewardName',
    'rewardCost',
    'rewardDescription',
    'rewardIcon',
    'rewardRarity',
    'purchasedAt',
  ]);
  for (let start = 0; start < plan.completions.length; start += COMPLETION_CHUNK) {
    const chunk = JSON.stringify(plan.completions.slice(start, start + COMPLETION_CHUNK));
    // One jsonb parameter per chunk: PostgreSQL unpacks it, far cheaper than thousands of
    // bind parameters (and on the embedded database, than parsing them in JavaScript).
    await tx.execute(sql`
      insert into ${completions}
        (habit_id, user_id, completion_date, period_key, xp_earned, points_earned, completed_at)
      select x.h, ${userId}, x.d, x.k, x.x, x.p, x.c
      from jsonb_to_recordset(${chunk}::jsonb)
        as x(h uuid, d date, k text, x integer, p integer, c timestamptz)`);
  }
  await tx
    .insert(userSettings)
    .values({ userId, settings: plan.settings })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { settings: plan.settings, updatedAt: new Date() },
    });
}

/**
 * Inserts the rows, or updates the ones whose id exists, but only among the user's own: a row
 * id another user took meanwhile is a conflict, and the whole import is refused.
 */
async function upsert<
  T extends typeof habits | typeof categories | typeof rewards | typeof purchasedRewards,
>(
  tx: Tx,
  table: T,
  rows: readonly (T['$inferInsert'] & { id: string })[],
  columns: readonly (keyof T['$inferInsert'] & keyof T['_']['columns'])[],
): Promise<void> {
  const pgTable = table as PgTable & typeof habits;
  const set = Object.fromEntries(
    columns.map((key) => {
      const column = (table as unknown as Record<string, PgColumn>)[key as string];
      if (!column) throw new Error(`no column ${String(key)}`);
      return [key, sql.raw(`excluded.${column.name}`)];
    }),
  );
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const written = await tx
      .insert(pgTable)
      .values(chunk as (typeof habits.$inferInsert)[])
      .onConflictDoUpdate({
        target: pgTable.id,
        set,
        setWhere: eq(pgTable.userId, sql.raw('excluded.user_id')),
      })
      .returning({ id: pgTable.id });
    if (written.length !== chunk.length) throw new HttpError('CONFLICT', ERROR_MESSAGES.conflict);
  }
}

/**
 * Core's validation and merge guarantee every named category is in the list; should that ever
 * fail, the import is refused rather than guessing.
 */
function categoryIdOf(ids: ReadonlyMap<string, string>, name: string, index: number): string {
  const id = ids.get(name);
  if (id !== undefined) return id;
  const path = formatPath(['habits', index, 'category']);
  throw new HttpError('VALIDATION', BACKUP_MESSAGES.invalidFile, {
    errors: [`${path}: names a category that is not in the file (${name})`],
  });
}

function breather(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function idOf(row: { id?: string | undefined }): string | undefined {
  return row.id;
}

/**
 * Replaces the user's data with `data` inside the caller's transaction: planImport and writePlan
 * in one go, for callers that have no snapshot of their own.
 */
export async function writeBackupData(options: {
  tx: Tx;
  userId: string;
  data: PlannedData;
  settings: Settings;
}): Promise<void> {
  const { tx, userId } = options;
  const own = await loadOwnRows(tx, userId);
  const plan = await planImport({
    db: tx,
    userId,
    data: options.data,
    settings: options.settings,
    own,
  });
  await writePlan(tx, userId, plan);
}
