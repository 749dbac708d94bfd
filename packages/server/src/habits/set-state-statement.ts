/**
 * The SQL of the completion set-state path (set-completion.ts), in two round trips inside its
 * transaction (docs/performance.md, "Server paths"):
 *
 * 1. `lockForCompletion`: the user's lock, then the habit and the settings read after it
 *    (the migration's plpgsql function hq_lock_for_completion).
 * 2. `writeCompletion`: one data-modifying statement (the migration's plpgsql function
 *    hq_write_completion, whose plan PostgreSQL keeps per connection) that adds or removes the
 *    completion of the period, writes its ledger entry, moves the cached sums, removes a skip of
 *    the completed period, and reads what the answer and the achievements are derived from.
 *
 * Every rule (period keys, eligibility, streaks, achievements) stays in core: the SQL only moves
 * rows. All sub-statements of a WITH see one snapshot, taken before any of them ran, so the reads
 * of step 2 see the table as it was; where a change matters to them it is composed in explicitly
 * (the removed completion and skips are left out, the added completion is appended by the caller).
 */
import type { LocalDate } from '@habitquest/core/dates';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import type { categories, completions, habits } from '../db/schema';
import type { Balances } from '../progress/ledger';
import type { RestRow } from '../rest/load-rest';

type HabitRow = typeof habits.$inferSelect;
type CompletionRow = typeof completions.$inferSelect;
type CategoryRow = Pick<
  typeof categories.$inferSelect,
  'id' | 'name' | 'monthlyTargetXp' | 'isFallback'
>;
/** A completion as the achievement facts read it. */
export type CompletionFactsRow = Pick<
  CompletionRow,
  'habitId' | 'completionDate' | 'periodKey' | 'xpEarned' | 'pointsEarned'
>;

/** Both drivers answer { rows }; a json column arrives parsed (text, should a driver not parse it). */
function firstJson(result: unknown): unknown {
  const [row] = (result as { rows: { result: unknown }[] }).rows;
  if (row === undefined) throw new Error('set-state statement returned no row');
  return typeof row.result === 'string' ? (JSON.parse(row.result) as unknown) : row.result;
}

/** A table row as row_to_json writes it: snake_case names, dates and instants as text. */
type JsonRow = Record<string, unknown>;

function habitFromJson(row: JsonRow): HabitRow {
  return {
    id: row.id as string,
    userId: row.user_id as string,
    name: row.name as string,
    description: row.description as string | null,
    frequency: row.frequency as HabitRow['frequency'],
    categoryId: row.category_id as string | null,
    isRecurring: row.is_recurring as boolean,
    specificDate: row.specific_date as string | null,
    xpReward: row.xp_reward as number,
    color: row.color as string,
    icon: row.icon as string,
    createdAt: new Date(row.created_at as string),
    updatedAt: new Date(row.updated_at as string),
  };
}

function completionFromJson(row: JsonRow): CompletionRow {
  return {
    id: row.id as string,
    habitId: row.habit_id as string,
    userId: row.user_id as string,
    completionDate: row.completion_date as string,
    periodKey: row.period_key as string,
    xpEarned: row.xp_earned as number,
    pointsEarned: row.points_earned as number,
    completedAt: new Date(row.completed_at as string),
  };
}

/**
 * Locks the user (as lockUser, whose row it creates if missing) and reads the habit, if it is the
 * user's, and the stored settings document, all after the lock was granted: one round trip.
 */
export async function lockForCompletion(
  tx: Tx,
  userId: string,
  habitId: string,
): Promise<{ before: Balances; habit: HabitRow | null; storedSettings: unknown }> {
  const locked = firstJson(
    await tx.execute(sql`select hq_lock_for_completion(${userId}, ${habitId}::uuid) as result`),
  ) as { xp: number; points: number; habit: JsonRow | null; settings: unknown };
  return {
    before: { xp: locked.xp, points: locked.points },
    habit: locked.habit === null ? null : habitFromJson(locked.habit),
    storedSettings: locked.settings,
  };
}

export type WriteResult = {
  /** The completion this request added, or null. */
  inserted: CompletionRow | null;
  /** The completion of the period as it was before this statement, or null. */
  existing: CompletionRow | null;
  /** The sums after the ledger entry, or null when nothing changed. */
  after: Balances | null;
  /** The latest days (up to `recentDays`, newest first) with a completion, after the change. */
  days: LocalDate[];
  /** Every skip, pause and vacation of the user, after the change. */
  rest: RestRow[];
  /** Every habit of the user. */
  habits: HabitRow[];
  /** Read only when a completion was added: what its achievements are judged on. */
  facts: {
    /** The user's completions before this one, counted up to `countCap`. */
    completions: number;
    /** The user's completions (before this one) with one of the day's period keys. */
    dayCompletions: CompletionFactsRow[];
    category: CategoryRow | null;
    /** The month's completions before this one; read only for a habit with a category. */
    monthCompletions: CompletionFactsRow[];
    /** Achievement ids the user has unlocked. */
    unlocked: string[];
  } | null;
};

/** One statement: the change, its ledger entry, the sums, and the reads after it. */
export async function writeCompletion(
  tx: Tx,
  options: {
    userId: string;
    habitId: string;
    date: LocalDate;
    periodKey: string;
    completed: boolean;
    xpEarned: number;
    pointsEarned: number;
    completedAt: Date;
    /** The period holding `date`: a skip in it goes when the completion is added. */
    period: { start: LocalDate; end: LocalDate };
    today: LocalDate;
    recentDays: number;
    /** The period keys of the date for every frequency (achievements/unlock.ts). */
    dayKeys: readonly string[];
    month: { first: LocalDate; last: LocalDate };
    categoryId: string | null;
    countCap: number;
  },
): Promise<WriteResult> {
  // The statement is the migration's hq_write_completion (its plan is kept per connection).
  // Period keys hold digits, '-' and 'W' only, so the array literal needs no escaping.
  if (!options.dayKeys.every((key) => /^[0-9W-]+$/.test(key)))
    throw new Error(`unexpected period keys: ${options.dayKeys.join(' ')}`);
  const dayKeys = `{${options.dayKeys.join(',')}}`;
  const result = await tx.execute(sql`select hq_write_completion(
    ${options.userId}, ${options.habitId}::uuid, ${options.date}::date, ${options.periodKey},
    ${options.completed}::boolean, ${options.xpEarned}::integer, ${options.pointsEarned}::integer,
    ${options.completedAt.toISOString()}::timestamptz, ${new Date().toISOString()}::timestamptz,
    ${options.period.start}::date, ${options.period.end}::date, ${options.today}::date,
    ${options.recentDays}::integer, ${dayKeys}::text[], ${options.month.first}::date,
    ${options.month.last}::date, ${options.categoryId}::uuid, ${options.countCap}::integer
  ) as result`);
  const written = firstJson(result) as {
    inserted: JsonRow | null;
    existing: JsonRow | null;
    after: Balances | null;
    days: LocalDate[];
    rest: RestRow[];
    habits: JsonRow[];
    facts: {
      completions: number;
      dayCompletions: CompletionFactsRow[];
      category: CategoryRow | null;
      monthCompletions: CompletionFactsRow[];
      unlocked: string[];
    } | null;
  };
  return {
    ...written,
    inserted: written.inserted === null ? null : completionFromJson(written.inserted),
    existing: written.existing === null ? null : completionFromJson(written.existing),
    habits: written.habits.map(habitFromJson),
  };
}
