/**
 * Putting a chunked import's journal back (import-journal.ts has its format and how it is
 * written): by the import itself when one of its steps fails, or, after a crash, at the next start
 * (recoverImports), so that an import stays all or nothing.
 */
import { open, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import {
  achievements,
  categories,
  completions,
  habits,
  pauses,
  progress,
  purchasedRewards,
  skips,
  rewards,
  userSettings,
  user,
  vacations,
} from '../db/schema';
import { deleteCompletions, deleteRest, deleteRows, type WriteStep } from './delete-steps';
import {
  breather,
  firstRow,
  importJournalDir,
  JOURNAL_FORMATS,
  JOURNAL_ROWS,
  JOURNAL_SUFFIX,
  JOURNAL_TABLES as TABLES,
  removeJournal,
  type Journal,
  type JournalHeader as Header,
  type TableName,
} from './import-journal';

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
    if (!name.endsWith(JOURNAL_SUFFIX)) continue;
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
    if (typeof header?.format !== 'number' || !JOURNAL_FORMATS.includes(header.format))
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
