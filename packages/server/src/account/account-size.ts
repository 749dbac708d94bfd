/**
 * The account's size on the server: row counts, and an approximate byte total summed from
 * pg_column_size of each row (what the database stores for it, compressed values included,
 * without indexes or page overhead). One statement; every table is read by its user index.
 */
import type { AccountSize } from '@habitquest/contracts/account';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  categories,
  completions,
  habits,
  ledger,
  progress,
  purchasedRewards,
  rewards,
  userSettings,
} from '../db/schema';

type Table =
  | typeof habits
  | typeof completions
  | typeof categories
  | typeof rewards
  | typeof purchasedRewards
  | typeof ledger
  | typeof progress
  | typeof userSettings;

type Row = Record<
  'habits' | 'completions' | 'categories' | 'rewards' | 'inventory' | 'ledger' | 'bytes',
  string | number | null
>;

export async function accountSize(db: Database, userId: string): Promise<AccountSize> {
  const counted = (table: Table): SQL =>
    sql`(select count(*) from ${table} t where t.user_id = ${userId})`;
  const sized = (table: Table): SQL =>
    sql`(select coalesce(sum(pg_column_size(t.*)), 0) from ${table} t where t.user_id = ${userId})`;
  const tables: Table[] = [
    habits,
    completions,
    categories,
    rewards,
    purchasedRewards,
    ledger,
    progress,
    userSettings,
  ];
  const bytes = sql.join(
    tables.map((table) => sized(table)),
    sql` + `,
  );
  const result = await db.execute(sql`
    select
      ${counted(habits)} as habits,
      ${counted(completions)} as completions,
      ${counted(categories)} as categories,
      ${counted(rewards)} as rewards,
      ${counted(purchasedRewards)} as inventory,
      ${counted(ledger)} as ledger,
      (${bytes}) as bytes`);
  // Both drivers answer { rows }; counts and sums may come back as text (bigint, numeric).
  const [row] = (result as { rows: Row[] }).rows;
  const number = (value: string | number | null | undefined): number => Number(value ?? 0);
  return {
    habits: number(row?.habits),
    completions: number(row?.completions),
    categories: number(row?.categories),
    rewards: number(row?.rewards),
    inventory: number(row?.inventory),
    ledger: number(row?.ledger),
    bytes: number(row?.bytes),
  };
}
