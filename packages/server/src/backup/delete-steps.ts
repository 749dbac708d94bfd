/**
 * The deletes of an import's writes, as steps (WriteStep) that each delete at most a batch of
 * rows: write-backup-data.ts runs them before it writes the plan's rows, and the journal of a
 * chunked import (import-journal.ts) runs them to take back what an interrupted import added.
 */
import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import {
  categories,
  completions,
  habits,
  pauses,
  purchasedRewards,
  rewards,
  skips,
  vacations,
} from '../db/schema';

/**
 * One piece of a plan's writes, run inside a transaction; answers true while it has more to do
 * (a delete in batches is repeated until nothing is left).
 */
export type WriteStep = (tx: Tx) => Promise<boolean>;

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
