/**
 * Puts BackupData in place of a user's habits, completions, categories, rewards, inventory,
 * achievements, rest days (skips, pauses, vacations) and settings in two steps: planImport works
 * out every row (ids included) outside any transaction, and writePlan applies it inside the
 * caller's transaction (after lockUser) with as few and as cheap statements as it can. writeSteps
 * cuts the same writes into short steps, which the embedded database's import runs as separate
 * transactions (apply-in-chunks.ts), because there every other user waits while a transaction is
 * open. Points and XP are the caller's: they move through the ledger.
 */
import { randomUUID } from 'node:crypto';
import { ERROR_MESSAGES } from '@habitquest/contracts/errors';
import type { Settings } from '@habitquest/contracts/settings';
import { achievementById } from '@habitquest/core/achievements';
import type {
  BackupAchievement,
  BackupCategory,
  BackupCompletion,
  BackupHabit,
  BackupInventoryItem,
  BackupPause,
  BackupReward,
  BackupSkip,
  BackupVacation,
} from '@habitquest/core/backup/schema';
import { formatPath } from '@habitquest/core/backup/validate';
import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../db/client';
import {
  achievements,
  categories,
  completions,
  habits,
  pauses,
  purchasedRewards,
  rewards,
  skips,
  userSettings,
  vacations,
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
/**
 * A completion as the bulk insert takes it (short keys keep the jsonb parameter small). Its id is
 * chosen here, so a chunked import's journal can name the rows it adds (import-journal.ts).
 */
type CompletionRow = {
  i: string;
  h: string;
  d: string;
  k: string;
  x: number;
  p: number;
  c: string;
};

/** A skip, pause or vacation as the bulk insert takes it: habit row id, first and last day. */
type RestRow = { h: string | null; s: string; e: string | null };

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
  /** The achievements to hold afterwards (the file's, or the merge's); the user's others go. */
  achievements: BackupAchievement[];
  /**
   * The rest days to hold afterwards (the file's, or the merge's), their habits as row ids; the
   * user's others go. Skips have no end (`e` null); vacations no habit (`h` null).
   */
  rest: { skips: RestRow[]; pauses: RestRow[]; vacations: RestRow[] };
};

export type PlannedData = {
  habits: readonly BackupHabit[];
  categories: readonly BackupCategory[];
  shop: readonly BackupReward[];
  inventory: readonly BackupInventoryItem[];
  achievements: readonly BackupAchievement[];
  skips: readonly BackupSkip[];
  pauses: readonly BackupPause[];
  vacations: readonly BackupVacation[];
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
  // The file's habit id → the row's id; rest of a habit that is not imported is dropped.
  const rowIds = new Map<string, string>();
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
    rowIds.set(habit.id, id);
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
        i: randomUUID(),
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
    // Ids this version does not know (a later one may add some) are left out.
    achievements: data.achievements.filter((achievement) => achievementById(achievement.id)),
    rest: {
      skips: data.skips.flatMap((skip) => {
        const habitId = rowIds.get(skip.habitId);
        return habitId === undefined ? [] : [{ h: habitId, s: skip.date, e: null }];
      }),
      pauses: data.pauses.flatMap((pause) => {
        const habitId = rowIds.get(pause.habitId);
        return habitId === undefined ? [] : [{ h: habitId, s: pause.startsOn, e: pause.endsOn }];
      }),
      vacations: data.vacations.map((vacation) => ({
        h: null,
        s: vacation.startsOn,
        e: vacation.endsOn,
      })),
    },
  };
}

/**
 * Applies a plan inside the caller's transaction: rows the plan does not name go, rows it names
 * are inserted or updated in place (so a merge rewrites nothing it does not change), completions
 * are added in bulk. The same steps as writeSteps, all at once.
 */
export async function writePlan(tx: Tx, userId: string, plan: ImportPlan): Promise<void> {
  // Without a batch every step writes all it has at once: none asks to run again.
  for (const step of writeSteps(userId, plan, null)) await step(tx);
}

/**
 * One piece of a plan's writes, run inside a transaction; answers true while it has more to do
 * (a delete in batches is repeated until nothing is left).
 */
export type WriteStep = (tx: Tx) => Promise<boolean>;

/**
 * A plan's writes in order, as steps that each write at most `batch` rows (null: each step
 * writes its whole table, as one transaction wants). Each step leaves the tables consistent
 * (every foreign key holds), so the steps may run in separate transactions: the embedded
 * database's chunked import does (apply-in-chunks.ts).
 */
export function writeSteps(userId: string, plan: ImportPlan, batch: number | null): WriteStep[] {
  const habitIds = plan.habits.map((row) => row.id);
  const completionRows = batch ?? COMPLETION_CHUNK;
  const steps: WriteStep[] = [
    // Completions first: deleting a habit deletes its whole history in one statement otherwise.
    deleteCompletions(userId, plan.replacesCompletions ? null : habitIds, batch),
    // Habits before categories: no habit is left pointing at a category that goes.
    deleteRows(habits, userId, { column: habits.id, kept: habitIds }, batch),
    deleteRows(
      categories,
      userId,
      { column: categories.id, kept: plan.categories.map(rowId) },
      batch,
    ),
    deleteRows(rewards, userId, { column: rewards.id, kept: plan.rewards.map(rowId) }, batch),
    deleteRows(
      purchasedRewards,
      userId,
      { column: purchasedRewards.id, kept: plan.inventory.map(rowId) },
      batch,
    ),
    ...upsertSteps(categories, plan.categories, ['name', 'color', 'monthlyTargetXp', 'isFallback']),
    ...upsertSteps(habits, plan.habits, [
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
    ]),
    ...upsertSteps(rewards, plan.rewards, [
      'name',
      'description',
      'cost',
      'category',
      'icon',
      'rarity',
      'keepInShop',
    ]),
    ...upsertSteps(purchasedRewards, plan.inventory, [
      'rewardName',
      'rewardCost',
      'rewardDescription',
      'rewardIcon',
      'rewardRarity',
      'purchasedAt',
    ]),
  ];
  for (let start = 0; start < plan.completions.length; start += completionRows) {
    const rows = plan.completions.slice(start, start + completionRows);
    steps.push(async (tx) => {
      // One jsonb parameter per chunk: PostgreSQL unpacks it, far cheaper than thousands of
      // bind parameters (and on the embedded database, than parsing them in JavaScript).
      await tx.execute(sql`
        insert into ${completions}
          (id, habit_id, user_id, completion_date, period_key, xp_earned, points_earned, completed_at)
        select x.i, x.h, ${userId}, x.d, x.k, x.x, x.p, x.c
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as x(i uuid, h uuid, d date, k text, x integer, p integer, c timestamptz)`);
      return false;
    });
  }
  // Rest days: the user's go, the plan's come (after the habits they name). A long list of
  // skips goes in batches like the completions.
  steps.push(
    deleteRest(skips, userId, batch),
    deleteRest(pauses, userId, batch),
    deleteRest(vacations, userId, batch),
  );
  for (const [kind, rows] of [
    ['skips', plan.rest.skips],
    ['pauses', plan.rest.pauses],
    ['vacations', plan.rest.vacations],
  ] as const) {
    for (let start = 0; start < rows.length; start += completionRows) {
      const chunk = rows.slice(start, start + completionRows);
      steps.push(async (tx) => {
        await insertRest(tx, kind, userId, JSON.stringify(chunk));
        return false;
      });
    }
  }
  steps.push(async (tx) => {
    await tx.delete(achievements).where(eq(achievements.userId, userId));
    if (plan.achievements.length > 0) {
      await tx.insert(achievements).values(
        plan.achievements.map((achievement) => ({
          userId,
          achievementId: achievement.id,
          unlockedAt: new Date(achievement.unlockedAt),
        })),
      );
    }
    return false;
  });
  steps.push(async (tx) => {
    await tx
      .insert(userSettings)
      .values({ userId, settings: plan.settings })
      .onConflictDoUpdate({
        target: userSettings.userId,
        set: { settings: plan.settings, updatedAt: new Date() },
      });
    return false;
  });
  return steps;
}

/**
 * Deletes the user's completions: all of them, or those of the habits that are not among
 * `keptHabits`. With a batch, at most that many per run (true: run again), habit by habit along
 * the (habit, period key) index, each run starting where the last one ended: no run reads the
 * user's whole history, nor steps over the rows earlier runs deleted.
 */
export function deleteCompletions(
  userId: string,
  keptHabits: readonly string[] | null,
  batch: number | null,
): WriteStep {
  const kept =
    keptHabits === null
      ? sql``
      : sql` and ${habits.id} not in (select jsonb_array_elements_text(${JSON.stringify(keptHabits)}::jsonb)::uuid)`;
  let queue: string[] | null = null;
  let after: string | null = null;
  return async (tx) => {
    if (batch === null) {
      await tx.execute(
        keptHabits === null
          ? sql`delete from ${completions} where ${completions.userId} = ${userId}`
          : sql`delete from ${completions} where ${completions.habitId} in (
              select ${habits.id} from ${habits} where ${habits.userId} = ${userId}${kept})`,
      );
      return false;
    }
    if (queue === null) {
      const result = await tx.execute(
        sql`select ${habits.id} as id from ${habits} where ${habits.userId} = ${userId}${kept} order by ${habits.id}`,
      );
      queue = (result as { rows: { id: string }[] }).rows.map((row) => row.id);
    }
    const habitId = queue[0];
    if (habitId === undefined) return false;
    const from = after === null ? sql`` : sql` and ${completions.periodKey} > ${after}`;
    const result = await tx.execute(sql`
      with doomed as (
        select ${completions.id} as id, ${completions.periodKey} as key from ${completions}
        where ${completions.habitId} = ${habitId}${from}
        order by ${completions.periodKey} limit ${batch}),
      gone as (delete from ${completions} c using doomed d where c.id = d.id returning d.key)
      select count(*)::int as n, max(key) as last from gone`);
    const [row] = (result as { rows: { n: number; last: string | null }[] }).rows;
    if (row === undefined || row.n < batch || row.last === null) {
      queue.shift();
      after = null;
    } else {
      after = row.last;
    }
    return queue.length > 0;
  };
}

/**
 * Inserts rest rows given as a jsonb array of RestRow (`h`, `s`, `e`) for the user: one statement,
 * as for completions. The journal's restore puts rows back by other means (with their own ids).
 */
async function insertRest(
  tx: Tx,
  kind: 'skips' | 'pauses' | 'vacations',
  userId: string,
  rows: string,
): Promise<void> {
  const from = sql`from jsonb_to_recordset(${rows}::jsonb) as x(h uuid, s date, e date)`;
  if (kind === 'skips') {
    await tx.execute(sql`
      insert into ${skips} (habit_id, user_id, skip_date) select x.h, ${userId}, x.s ${from}
      on conflict do nothing`);
  } else if (kind === 'pauses') {
    await tx.execute(sql`
      insert into ${pauses} (habit_id, user_id, starts_on, ends_on)
      select x.h, ${userId}, x.s, x.e ${from}`);
  } else {
    await tx.execute(sql`
      insert into ${vacations} (user_id, starts_on, ends_on) select ${userId}, x.s, x.e ${from}`);
  }
}

/**
 * Deletes every skip, pause or vacation of the user; with a batch, at most that many per run
 * (true: run again). A skip is named by its key (habit, date): it has no id of its own.
 */
export function deleteRest(
  table: typeof skips | typeof pauses | typeof vacations,
  userId: string,
  batch: number | null,
): WriteStep {
  const [key, columns] =
    table === skips ? [sql`(habit_id, skip_date)`, sql`habit_id, skip_date`] : [sql`id`, sql`id`];
  return async (tx) => {
    if (batch === null) {
      await tx.execute(sql`delete from ${table} where ${table.userId} = ${userId}`);
      return false;
    }
    const result = await tx.execute(sql`
      with gone as (
        delete from ${table} where ${key} in (
          select ${columns} from ${table} where ${table.userId} = ${userId} limit ${batch})
        returning 1)
      select count(*)::int as n from gone`);
    // Both drivers answer { rows }; the shared Database type does not say so.
    const [row] = (result as { rows: { n: number }[] }).rows;
    return (row?.n ?? 0) >= batch;
  };
}

/**
 * Deletes the user's rows of `table`, all of them or those whose `except.column` is not among
 * `except.kept`; with a batch, at most that many per run (true: run again).
 */
export function deleteRows(
  table: typeof habits | typeof categories | typeof rewards | typeof purchasedRewards,
  userId: string,
  except: { column: PgColumn; kept: readonly string[] } | null,
  batch: number | null,
): WriteStep {
  const kept =
    except === null
      ? sql``
      : sql` and ${except.column} not in (select jsonb_array_elements_text(${JSON.stringify(except.kept)}::jsonb)::uuid)`;
  return async (tx) => {
    if (batch === null) {
      await tx.execute(sql`delete from ${table} where ${table.userId} = ${userId}${kept}`);
      return false;
    }
    const result = await tx.execute(sql`
      with gone as (
        delete from ${table} where ${table.id} in (
          select ${table.id} from ${table} where ${table.userId} = ${userId}${kept} limit ${batch})
        returning 1)
      select count(*)::int as n from gone`);
    // Both drivers answer { rows }; the shared Database type does not say so.
    const [row] = (result as { rows: { n: number }[] }).rows;
    return (row?.n ?? 0) >= batch;
  };
}

/** The upsert of `rows` as steps of CHUNK rows. */
function upsertSteps<
  T extends typeof habits | typeof categories | typeof rewards | typeof purchasedRewards,
>(
  table: T,
  rows: readonly (T['$inferInsert'] & { id: string })[],
  columns: readonly (keyof T['$inferInsert'] & keyof T['_']['columns'])[],
): WriteStep[] {
  const steps: WriteStep[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    steps.push(async (tx) => {
      await upsert(tx, table, chunk, columns);
      return false;
    });
  }
  return steps;
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

function rowId(row: { id: string }): string {
  return row.id;
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
