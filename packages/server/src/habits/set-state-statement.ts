/**
 * The SQL of the completion set-state path (set-completion.ts), in two round trips inside its
 * transaction (docs/performance.md, "Server paths"):
 *
 * 1. `lockForCompletion`: the user's lock, then the habit and the settings read after it
 *    (the migration's plpgsql function hq_lock_for_completion).
 * 2. `writeCompletion`: one data-modifying statement that adds or removes the completion of the
 *    period, writes its ledger entry, moves the cached sums, removes a skip of the completed period,
 *    and reads what the answer and the achievements are derived from.
 *
 * Every rule (period keys, eligibility, streaks, achievements) stays in core: the SQL only moves
 * rows. All sub-statements of a WITH see one snapshot, taken before any of them ran, so the reads
 * of step 2 see the table as it was; where a change matters to them it is composed in explicitly
 * (the removed completion and skips are left out, the added completion is appended by the caller).
 */
import type { LocalDate } from '@habitquest/core/dates';
import { sql, type SQL } from 'drizzle-orm';
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
  const { userId, habitId, completed } = options;
  const completionFacts = (alias: string): SQL =>
    sql.raw(`json_build_object('habitId', ${alias}.habit_id, 'completionDate', ${alias}.completion_date,
      'periodKey', ${alias}.period_key, 'xpEarned', ${alias}.xp_earned, 'pointsEarned', ${alias}.points_earned)`);
  const dayKeys = sql.join(
    options.dayKeys.map((key) => sql`${key}`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    with existing as (
      select * from hq_completions where habit_id = ${habitId}::uuid and period_key = ${options.periodKey}
    ),
    inserted as (
      insert into hq_completions
        (habit_id, user_id, completion_date, period_key, xp_earned, points_earned, completed_at)
      select ${habitId}::uuid, ${userId}, ${options.date}::date, ${options.periodKey},
        ${options.xpEarned}::integer, ${options.pointsEarned}::integer,
        ${options.completedAt.toISOString()}::timestamptz
      where ${completed}::boolean and not exists (select 1 from existing)
      on conflict do nothing
      returning *
    ),
    deleted as (
      delete from hq_completions
      where not ${completed}::boolean and id in (select id from existing)
      returning *
    ),
    entry as (
      insert into ledger (user_id, kind, xp_delta, points_delta, ref_id)
      select ${userId}, 'earn', xp_earned, points_earned, id::text from inserted
      union all
      select ${userId}, 'undo', -xp_earned, -points_earned, id::text from deleted
      returning xp_delta, points_delta
    ),
    moved as (
      update progress
      set xp = progress.xp + entry.xp_delta, points = progress.points + entry.points_delta,
        updated_at = ${new Date().toISOString()}::timestamptz
      from entry
      where progress.user_id = ${userId}
      returning progress.xp, progress.points
    ),
    unskipped as (
      delete from hq_skips
      where habit_id = ${habitId}::uuid
        and skip_date between ${options.period.start}::date and ${options.period.end}::date
        and exists (select 1 from inserted)
      returning habit_id, skip_date
    )
    select json_build_object(
      'inserted', (select row_to_json(i) from inserted i),
      'existing', (select row_to_json(e) from existing e),
      'after', (select row_to_json(m) from moved m),
      'days', (
        select coalesce(json_agg(day order by day desc), '[]'::json) from (
          select day from (
            select distinct completion_date as day from hq_completions
            where user_id = ${userId} and completion_date <= ${options.today}::date
              and id not in (select id from deleted)
            order by day desc limit ${options.recentDays}
          ) as kept
          union
          select completion_date from inserted where completion_date <= ${options.today}::date
          order by day desc limit ${options.recentDays}
        ) as recent
      ),
      'rest', (
        select coalesce(json_agg(r), '[]'::json) from (
          select 's' as kind, s.habit_id, s.skip_date::text as starts_on, null::text as ends_on
            from hq_skips s
            where s.user_id = ${userId} and not exists (
              select 1 from unskipped u where u.habit_id = s.habit_id and u.skip_date = s.skip_date)
          union all
          select 'p', p.habit_id, p.starts_on::text, p.ends_on::text
            from hq_pauses p where p.user_id = ${userId}
          union all
          select 'v', null, v.starts_on::text, v.ends_on::text
            from hq_vacations v where v.user_id = ${userId}
        ) as r
      ),
      'habits', (
        select coalesce(json_agg(h), '[]'::json) from hq_habits h where h.user_id = ${userId}
      ),
      'facts', case when exists (select 1 from inserted) then json_build_object(
        'completions', (
          select count(*) from (
            select 1 from hq_completions where user_id = ${userId} limit ${options.countCap}
          ) as counted
        ),
        'dayCompletions', (
          select coalesce(json_agg(${completionFacts('c')}), '[]'::json) from hq_completions c
          where c.user_id = ${userId} and c.period_key in (${dayKeys})
        ),
        'category', (
          select json_build_object('id', k.id, 'name', k.name,
            'monthlyTargetXp', k.monthly_target_xp, 'isFallback', k.is_fallback)
          from hq_categories k
          where k.user_id = ${userId} and k.id = ${options.categoryId}::uuid
        ),
        'monthCompletions', case when ${options.categoryId}::uuid is null then '[]'::json else (
          select coalesce(json_agg(${completionFacts('c')}), '[]'::json) from hq_completions c
          where c.user_id = ${userId}
            and c.completion_date between ${options.month.first}::date and ${options.month.last}::date
        ) end,
        'unlocked', (
          select coalesce(json_agg(a.achievement_id), '[]'::json) from hq_achievements a
          where a.user_id = ${userId}
        )
      ) end
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
