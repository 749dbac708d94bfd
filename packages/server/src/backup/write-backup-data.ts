/**
 * Puts an import's plan (plan-import.ts: every row of BackupData, ids included) in place of a
 * user's habits, completions, categories, rewards, inventory, achievements, rest days (skips,
 * pauses, vacations) and settings. writePlan applies it inside the caller's transaction (after
 * lockUser) with as few and as cheap statements as it can. writeSteps cuts the same writes into
 * short steps, which the embedded database's import runs as separate transactions
 * (apply-in-chunks.ts), because there every other user waits while a transaction is open. Points
 * and XP are the caller's: they move through the ledger.
 */
import { ERROR_MESSAGES } from '@habitquest/contracts/errors';
import type { Settings } from '@habitquest/contracts/settings';
import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
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
import { deleteCompletions, deleteRest, deleteRows, type WriteStep } from './delete-steps';
import { planImport, type ImportPlan, type PlannedData } from './plan-import';
import { loadOwnRows } from './row-ids';

/** Rows per INSERT of the small tables, well under PostgreSQL's 65535 bind parameters. */
const CHUNK = 500;
/** Completions per INSERT: they travel as one jsonb parameter, so only the statement's size counts. */
const COMPLETION_CHUNK = 2000;

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

function rowId(row: { id: string }): string {
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
