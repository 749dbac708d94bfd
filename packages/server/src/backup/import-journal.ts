/**
 * The journal of a chunked import (embedded database, apply-in-chunks.ts): the user's rows as
 * they were before the import began to write, in DATA_DIR/imports/<userId>.journal. With it a
 * failed import is put back, by the import itself or, after a crash, at the next start
 * (restore-journal.ts: recoverImports, run after the migrations by the server and the operator
 * commands), so an import stays all or nothing. This file holds its format and its writing.
 *
 * The file is written to a temporary name, flushed to disk and renamed, so it is either whole or
 * absent. Its first line is a JSON header; each other line is `rows<TAB>table<TAB>json array`
 * (the rows as PostgreSQL's to_jsonb gives them, put back with jsonb_populate_recordset, so
 * every column comes back exactly) or `added<TAB>json array` (ids of completions the import
 * adds, when it keeps the user's own: a merge). Since format 2 it also holds the user's rest days
 * (skips, pauses, vacations), which every import replaces.
 *
 * Whether the import finished is told by the user's progress row: the import's last transaction
 * moves the ledger and stamps that row, and nothing else may change it meanwhile (the gate is
 * closed, http/import-gate.ts). A stamp that still equals the journal's means the import did not
 * finish, and the rows are put back.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../db/client';
import {
  achievements,
  categories,
  completions,
  habits,
  pauses,
  progress,
  purchasedRewards,
  rewards,
  skips,
  userSettings,
  vacations,
} from '../db/schema';
import type { ImportPlan } from './plan-import';

/** Rows per read while journalling, and per write while putting them back. */
export const JOURNAL_ROWS = 500;
/**
 * 2: the journal also holds the user's rest days (skips, pauses, vacations). A journal of format 1
 * (written before imports touched rest days) is still put back, its rest days left as they are.
 */
const FORMAT = 2;
/** The formats this version can put back (restore-journal.ts). */
export const JOURNAL_FORMATS: readonly number[] = [1, FORMAT];
export const JOURNAL_SUFFIX = '.journal';

/** The tables a journal holds, by the name its lines give them. */
export const JOURNAL_TABLES = {
  categories,
  habits,
  rewards,
  purchasedRewards,
  completions,
  pauses,
  vacations,
} as const;
export type TableName = keyof typeof JOURNAL_TABLES | 'userSettings' | 'achievements' | 'skips';

export type JournalHeader = {
  format: 1 | typeof FORMAT;
  userId: string;
  /** The progress row's updated_at when the import began (as text). */
  stamp: string;
  /** 'all': the import replaced every completion; 'added': it only added some (listed). */
  completions: 'all' | 'added';
};

export type Journal = { file: string; header: JournalHeader };

/** Where the journals of a data directory live. */
export function importJournalDir(dataDir: string): string {
  return path.join(dataDir, 'imports');
}

/** The progress row's stamp, as text: the journal's mark of an import that has not finished. */
export async function progressStamp(tx: Tx, userId: string): Promise<string> {
  const result = await tx.execute(
    sql`select ${progress.updatedAt}::text as stamp from ${progress} where ${progress.userId} = ${userId}`,
  );
  const [row] = (result as { rows: { stamp: string }[] }).rows;
  if (!row) throw new Error(`progress row missing for ${userId}: call lockUser first`);
  return row.stamp;
}

/**
 * In the import's last transaction, after the ledger moved: makes sure the stamp differs from the
 * journal's, even if the clock gave the same instant.
 */
export async function markFinished(tx: Tx, userId: string, stamp: string): Promise<void> {
  await tx.execute(sql`
    update ${progress} set updated_at = updated_at + interval '1 millisecond'
    where ${progress.userId} = ${userId} and ${progress.updatedAt} = ${stamp}::timestamptz`);
}

/**
 * Writes the journal of an import about to apply `plan`: every row of the user that the plan's
 * steps may delete or change. The user's data must not change meanwhile (the gate is closed).
 * Read in short pages, so other users' queries run between them.
 */
export async function writeJournal(options: {
  db: Database;
  dir: string;
  userId: string;
  plan: ImportPlan;
  stamp: string;
  /** Awaited between two reads (by default, one turn of the event loop). */
  pause?: () => Promise<void>;
}): Promise<Journal> {
  const { db, dir, userId, plan } = options;
  const pause = options.pause ?? breather;
  const header: JournalHeader = {
    format: FORMAT,
    userId,
    stamp: options.stamp,
    completions: plan.replacesCompletions ? 'all' : 'added',
  };
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${userId}${JOURNAL_SUFFIX}`);
  const temporary = path.join(dir, `${userId}.${randomUUID()}.tmp`);
  const handle = await open(temporary, 'w', 0o600);
  try {
    const line = (text: string) => handle.write(`${text}\n`);
    await line(JSON.stringify(header));
    const habitPages: string[] = [];
    for (const name of ['categories', 'habits', 'rewards', 'purchasedRewards'] as const) {
      const table = JOURNAL_TABLES[name];
      for await (const page of pagesOf(
        db,
        table,
        sql`${table.userId} = ${userId}`,
        table.id,
        pause,
      )) {
        if (name === 'habits') habitPages.push(page);
        await line(`rows\t${name}\t${page}`);
      }
    }
    const settings = await db.execute(
      sql`select coalesce(jsonb_agg(to_jsonb(t)), '[]')::text as page from ${userSettings} t where t.user_id = ${userId}`,
    );
    await line(`rows\tuserSettings\t${(firstRow(settings) as { page: string }).page}`);
    const unlocked = await db.execute(
      sql`select coalesce(jsonb_agg(to_jsonb(t)), '[]')::text as page from ${achievements} t where t.user_id = ${userId}`,
    );
    await line(`rows\tachievements\t${(firstRow(unlocked) as { page: string }).page}`);
    // Every rest day of the user: the steps replace them all.
    for await (const page of skipPagesOf(db, userId, pause)) await line(`rows\tskips\t${page}`);
    for (const name of ['pauses', 'vacations'] as const) {
      const table = JOURNAL_TABLES[name];
      const where = sql`${table.userId} = ${userId}`;
      for await (const page of pagesOf(db, table, where, table.id, pause))
        await line(`rows\t${name}\t${page}`);
    }
    // The completions the steps delete: all of them, or those of the habits the plan drops,
    // read habit by habit along the (habit, period key) index.
    const kept = new Set(plan.replacesCompletions ? [] : plan.habits.map((row) => row.id));
    const habitIds = habitPages.flatMap((page) =>
      (JSON.parse(page) as { id: string }[]).map((row) => row.id),
    );
    for (const habitId of habitIds.filter((id) => !kept.has(id))) {
      const where = sql`${completions.habitId} = ${habitId}`;
      for await (const page of pagesOf(db, completions, where, completions.periodKey, pause))
        await line(`rows\tcompletions\t${page}`);
    }
    if (!plan.replacesCompletions) {
      for (let start = 0; start < plan.completions.length; start += JOURNAL_ROWS) {
        const ids = plan.completions.slice(start, start + JOURNAL_ROWS).map((row) => row.i);
        await line(`added\t${JSON.stringify(ids)}`);
      }
    }
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, file);
  await syncDirectory(dir);
  return { file, header };
}

/** Removes a journal once its import has finished or been put back. */
export async function removeJournal(journal: Journal): Promise<void> {
  await rm(journal.file, { force: true });
  await syncDirectory(path.dirname(journal.file));
}

/**
 * The rows of `table` matching `where`, as JSON text pages of JOURNAL_ROWS, in the order of
 * `key` (unique among those rows, and indexed with them).
 */
async function* pagesOf(
  db: Database,
  table: (typeof JOURNAL_TABLES)[keyof typeof JOURNAL_TABLES],
  where: SQL,
  key: PgColumn,
  pause: () => Promise<void>,
): AsyncGenerator<string> {
  const column = sql.raw(`"${key.name}"`);
  for (let after: string | null = null; ;) {
    const from: SQL = after === null ? sql`` : sql` and ${key} > ${after}`;
    const result: unknown = await db.execute(sql`
      select coalesce(jsonb_agg(to_jsonb(t) order by t.${column}), '[]')::text as page,
             count(*)::int as count, (array_agg(t.${column} order by t.${column} desc))[1]::text as last
      from (select * from ${table} where ${where}${from} order by ${key} limit ${JOURNAL_ROWS}) t`);
    const row = firstRow(result) as { page: string; count: number; last: string | null };
    if (row.count > 0) yield row.page;
    if (row.count < JOURNAL_ROWS || row.last === null) return;
    after = row.last;
    await pause();
  }
}

/**
 * The user's skips as JSON text pages of JOURNAL_ROWS, along the (user, date) index; a skip has
 * no id of its own, so pages follow (date, habit).
 */
async function* skipPagesOf(
  db: Database,
  userId: string,
  pause: () => Promise<void>,
): AsyncGenerator<string> {
  for (let after: { date: string; habitId: string } | null = null; ;) {
    const from: SQL =
      after === null
        ? sql``
        : sql` and (skip_date, habit_id) > (${after.date}::date, ${after.habitId}::uuid)`;
    const result: unknown = await db.execute(sql`
      select coalesce(jsonb_agg(to_jsonb(t) order by t.skip_date, t.habit_id), '[]')::text as page,
             count(*)::int as count,
             (array_agg(t.skip_date::text order by t.skip_date desc, t.habit_id desc))[1] as "lastDate",
             (array_agg(t.habit_id::text order by t.skip_date desc, t.habit_id desc))[1] as "lastHabit"
      from (select * from ${skips} where user_id = ${userId}${from}
            order by skip_date, habit_id limit ${JOURNAL_ROWS}) t`);
    const row = firstRow(result) as {
      page: string;
      count: number;
      lastDate: string | null;
      lastHabit: string | null;
    };
    if (row.count > 0) yield row.page;
    if (row.count < JOURNAL_ROWS || row.lastDate === null || row.lastHabit === null) return;
    after = { date: row.lastDate, habitId: row.lastHabit };
    await pause();
  }
}

export function firstRow(result: unknown): unknown {
  // Both drivers answer { rows }; the shared Database type does not say so.
  const [row] = (result as { rows: unknown[] }).rows;
  if (row === undefined) throw new Error('the query answered no row');
  return row;
}

/** Makes a rename or removal in `dir` durable (where the platform allows opening a folder). */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Windows cannot open a folder; its renames are durable enough once the file is.
  }
}

export function breather(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
