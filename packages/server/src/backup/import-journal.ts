/**
 * The journal of a chunked import (embedded database, apply-in-chunks.ts): the user's rows as
 * they were before the import began to write, in DATA_DIR/imports/<userId>.journal. With it a
 * failed import is put back, by the import itself or, after a crash, at the next start
 * (recoverImports, run after the migrations by the server and the operator commands), so an
 * import stays all or nothing.
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
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
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
  user,
  vacations,
} from '../db/schema';
import {
  deleteCompletions,
  deleteRest,
  deleteRows,
  type ImportPlan,
  type WriteStep,
} from './write-backup-data';

/** Rows per read while journalling, and per write while putting them back. */
export const JOURNAL_ROWS = 500;
/**
 * 2: the journal also holds the user's rest days (skips, pauses, vacations). A journal of format 1
 * (written before imports touched rest days) is still put back, its rest days left as they are.
 */
const FORMAT = 2;
const FORMATS: readonly number[] = [1, FORMAT];
const SUFFIX = '.journal';

/** The tables a journal holds, by the name its lines give them. */
const TABLES = {
  categories,
  habits,
  rewards,
  purchasedRewards,
  completions,
  pauses,
  vacations,
} as const;
type TableName = keyof typeof TABLES | 'userSettings' | 'achievements' | 'skips';

type Header = {
  format: 1 | typeof FORMAT;
  userId: string;
  /** The progress row's updated_at when the import began (as text). */
  stamp: string;
  /** 'all': the import replaced every completion; 'added': it only added some (listed). */
  completions: 'all' | 'added';
};

export type Journal = { file: string; header: Header };

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
  const header: Header = {
    format: FORMAT,
    userId,
    stamp: options.stamp,
    completions: plan.replacesCompletions ? 'all' : 'added',
  };
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${userId}${SUFFIX}`);
  const temporary = path.join(dir, `${userId}.${randomUUID()}.tmp`);
  const handle = await open(temporary, 'w', 0o600);
  try {
    const line = (text: string) => handle.write(`${text}\n`);
    await line(JSON.stringify(header));
    const habitPages: string[] = [];
    for (const name of ['categories', 'habits', 'rewards', 'purchasedRewards'] as const) {
      const table = TABLES[name];
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
      const table = TABLES[name];
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
 * Puts the user's rows back as the journal holds them, in short transactions with `pause`
 * between them (as the import wrote). Safe to run again from any point, so a crash while
 * putting back is put back at the next start.
 */
export async function restoreJournal(
  db: Database,
  journal: Journal,
  pause: () => Promise<void> = breather,
): Promise<void> {
  const { userId } = journal.header;
  const lines = (await readFile(journal.file, 'utf8')).split('\n').slice(1);
  const pages = new Map<TableName, string[]>();
  const added: string[] = [];
  for (const line of lines) {
    if (line === '') continue;
    const [kind, name, text] = line.split('\t');
    if (kind === 'added' && name !== undefined) added.push(name);
    else if (kind === 'rows' && name !== undefined && text !== undefined && isTableName(name)) {
      const list = pages.get(name) ?? [];
      list.push(text);
      pages.set(name, list);
    }
  }
  const page = (name: TableName) => pages.get(name) ?? [];
  const idsOf = (name: TableName) =>
    page(name).flatMap((text) => (JSON.parse(text) as { id: string }[]).map((row) => row.id));
  const steps: WriteStep[] = [
    // The import's completions go first (all of them, or those it added), then the rows the
    // journal does not hold, then the journal's rows are written back over the rest.
    journal.header.completions === 'all' ? deleteCompletions(userId, null, JOURNAL_ROWS) : noStep,
    ...added.map((ids): WriteStep => async (tx) => {
      await tx.execute(sql`
            delete from ${completions} where ${completions.userId} = ${userId}
              and ${completions.id} in (select jsonb_array_elements_text(${ids}::jsonb)::uuid)`);
      return false;
    }),
    deleteRows(habits, userId, { column: habits.id, kept: idsOf('habits') }, JOURNAL_ROWS),
    deleteRows(
      categories,
      userId,
      { column: categories.id, kept: idsOf('categories') },
      JOURNAL_ROWS,
    ),
    deleteRows(rewards, userId, { column: rewards.id, kept: idsOf('rewards') }, JOURNAL_ROWS),
    deleteRows(
      purchasedRewards,
      userId,
      { column: purchasedRewards.id, kept: idsOf('purchasedRewards') },
      JOURNAL_ROWS,
    ),
    ...(['categories', 'habits', 'rewards', 'purchasedRewards'] as const).flatMap((name) =>
      page(name).map((text) => putBack(TABLES[name], text)),
    ),
    async (tx) => {
      const [settings] = page('userSettings');
      if (settings === undefined || settings === '[]') {
        await tx.execute(sql`delete from ${userSettings} where ${userSettings.userId} = ${userId}`);
      } else {
        await tx.execute(sql`
          insert into ${userSettings}
          select * from jsonb_populate_recordset(null::${userSettings}, ${settings}::jsonb)
          on conflict (user_id) do update
            set settings = excluded.settings, updated_at = excluded.updated_at`);
      }
      return false;
    },
    async (tx) => {
      // The achievements as they were: at most a few dozen rows, so all at once.
      await tx.execute(sql`delete from ${achievements} where ${achievements.userId} = ${userId}`);
      const [unlocked] = page('achievements');
      if (unlocked !== undefined && unlocked !== '[]') {
        await tx.execute(sql`
          insert into ${achievements}
          select * from jsonb_populate_recordset(null::${achievements}, ${unlocked}::jsonb)`);
      }
      return false;
    },
    // Rest days as they were, once their habits are back (a journal from before rest days in
    // imports holds none, and its import did not touch them).
    ...(journal.header.format === 1
      ? []
      : [
          deleteRest(skips, userId, JOURNAL_ROWS),
          deleteRest(pauses, userId, JOURNAL_ROWS),
          deleteRest(vacations, userId, JOURNAL_ROWS),
          ...page('skips').map((text): WriteStep => async (tx) => {
            await tx.execute(sql`
              insert into ${skips}
              select s.* from jsonb_populate_recordset(null::${skips}, ${text}::jsonb) s
              where exists (select 1 from ${habits} h where h.id = s.habit_id and h.user_id = s.user_id)
              on conflict do nothing`);
            return false;
          }),
          ...(['pauses', 'vacations'] as const).flatMap((name) =>
            page(name).map((text) => putBack(TABLES[name], text)),
          ),
        ]),
    // Completions of habits that are back; a second run finds them there already.
    ...page('completions').map((text): WriteStep => async (tx) => {
      await tx.execute(sql`
            insert into ${completions}
            select c.* from jsonb_populate_recordset(null::${completions}, ${text}::jsonb) c
            where exists (select 1 from ${habits} h where h.id = c.habit_id and h.user_id = c.user_id)
            on conflict do nothing`);
      return false;
    }),
  ];
  for (const step of steps) {
    for (let more = true; more;) {
      more = await db.transaction(step);
      await pause();
    }
  }
}

/**
 * At start, before anything is served: each journal left by a crash is either done with (its
 * import finished) or put back. Temporary files of journals never completed are removed (their
 * imports had written nothing yet).
 */
export async function recoverImports(
  db: Database,
  dataDir: string,
): Promise<{ restored: string[]; finished: string[] }> {
  const dir = importJournalDir(dataDir);
  const report = { restored: [] as string[], finished: [] as string[] };
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return report;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    if (name.endsWith('.tmp')) {
      await rm(file, { force: true });
      continue;
    }
    if (!name.endsWith(SUFFIX)) continue;
    const journal = await readJournal(file);
    if (await hasFinished(db, journal.header)) {
      report.finished.push(journal.header.userId);
    } else {
      await restoreJournal(db, journal);
      report.restored.push(journal.header.userId);
    }
    await removeJournal(journal);
  }
  return report;
}

async function readJournal(file: string): Promise<Journal> {
  const handle = await open(file, 'r');
  try {
    // The header is the first line; the rest may be tens of megabytes.
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4096), 0, 4096, 0);
    const first = buffer.subarray(0, bytesRead).toString('utf8').split('\n')[0] ?? '';
    let header: { format?: unknown } | null = null;
    try {
      header = JSON.parse(first) as { format?: unknown };
    } catch {
      // reported below
    }
    // Serving the user's data half imported would be worse than not starting.
    if (typeof header?.format !== 'number' || !FORMATS.includes(header.format))
      throw new Error(`${file}: not an import journal this version can put back`);
    return { file, header: header as Header };
  } finally {
    await handle.close();
  }
}

/**
 * Whether the journal's import finished: its user is gone (nothing to put back), or the progress
 * row was stamped by the import's last transaction.
 */
async function hasFinished(db: Database, header: Header): Promise<boolean> {
  const result = await db.execute(sql`
    select exists (select 1 from ${user} where ${user.id} = ${header.userId}) as "isKnown",
      exists (select 1 from ${progress} where ${progress.userId} = ${header.userId}
              and ${progress.updatedAt} = ${header.stamp}::timestamptz) as "isUnfinished"`);
  const row = firstRow(result) as { isKnown: boolean; isUnfinished: boolean };
  return !row.isKnown || !row.isUnfinished;
}

/**
 * The rows of `table` matching `where`, as JSON text pages of JOURNAL_ROWS, in the order of
 * `key` (unique among those rows, and indexed with them).
 */
async function* pagesOf(
  db: Database,
  table: (typeof TABLES)[keyof typeof TABLES],
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

/** Writes a page of journal rows back: inserted, or over the row with the same id. */
function putBack(table: (typeof TABLES)[keyof typeof TABLES], text: string): WriteStep {
  const columns = Object.values(getTableColumns(table) as Record<string, PgColumn>)
    .map((column) => column.name)
    .filter((name) => name !== 'id');
  const set = sql.raw(columns.map((name) => `"${name}" = excluded."${name}"`).join(', '));
  return async (tx) => {
    await tx.execute(sql`
      insert into ${table}
      select * from jsonb_populate_recordset(null::${table}, ${text}::jsonb)
      on conflict (id) do update set ${set}
        where ${table}.user_id = excluded.user_id`);
    return false;
  };
}

const noStep: WriteStep = () => Promise.resolve(false);

function isTableName(name: string): name is TableName {
  return name === 'userSettings' || name === 'achievements' || name === 'skips' || name in TABLES;
}

function firstRow(result: unknown): unknown {
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

function breather(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
