/**
 * A fingerprint of everything an import reads before it writes, so the import can be prepared
 * outside its transaction and checked cheaply inside it: equal fingerprints mean the snapshot it
 * was prepared from is still the user's data.
 *
 * Completions are not hashed (a long history would make the check as slow as the read it saves):
 * every change of a completion moves the ledger, which stamps the progress row (set-state, undo,
 * reset, and imports, which stamp it even when the balances stay), or changes a habit row
 * (deleting a habit, changing its frequency). Rest days (skips, pauses, vacations) move no
 * ledger, so they are hashed: a skip set between the snapshot and the writes is not lost.
 */
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import {
  categories,
  habits,
  pauses,
  progress,
  purchasedRewards,
  rewards,
  skips,
  userSettings,
  vacations,
} from '../db/schema';

export async function dataVersion(db: Database | Tx, userId: string): Promise<string> {
  const rowsOf = (table: typeof habits | typeof categories | typeof rewards) =>
    sql`(select md5(coalesce(string_agg(t::text, ',' order by t.id), '')) from ${table} t where t.user_id = ${userId})`;
  const result = await db.execute(sql`
    select concat_ws('|',
      (select concat_ws(',', p.xp, p.points, p.updated_at) from ${progress} p where p.user_id = ${userId}),
      (select md5(s.settings::text) from ${userSettings} s where s.user_id = ${userId}),
      ${rowsOf(habits)},
      ${rowsOf(categories)},
      ${rowsOf(rewards)},
      (select md5(coalesce(string_agg(t::text, ',' order by t.id), '')) from ${purchasedRewards} t where t.user_id = ${userId}),
      (select md5(coalesce(string_agg(t.habit_id::text || t.skip_date::text, ',' order by t.habit_id, t.skip_date), '')) from ${skips} t where t.user_id = ${userId}),
      (select md5(coalesce(string_agg(t::text, ',' order by t.id), '')) from ${pauses} t where t.user_id = ${userId}),
      (select md5(coalesce(string_agg(t::text, ',' order by t.id), '')) from ${vacations} t where t.user_id = ${userId})
    ) as version`);
  // Both drivers answer { rows }; the shared Database type does not say so.
  const [row] = (result as { rows: { version: string | null }[] }).rows;
  return row?.version ?? '';
}
