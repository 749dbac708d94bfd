/**
 * The SQL of the completion set-state path (set-completion.ts): one call of the migrations'
 * plpgsql function hq_set_completion, sent as text in one message with BEGIN
 * (DatabaseHandle.stepTransaction; docs/performance.md, "Server paths"). It takes the user's lock;
 * when the data revision is the one the caller computed its write from, it runs hq_write_completion
 * (whose plan PostgreSQL keeps per connection): one data-modifying statement that adds or removes
 * the completion of the period, writes its ledger entry, moves the cached sums, removes a skip of
 * the completed period, and reads what the answer and the achievements are derived from. When the
 * revision moved, it writes nothing and answers the habit and settings read after the lock.
 *
 * Every rule (period keys, eligibility, streaks, achievements) stays in core: the SQL only moves
 * rows. All sub-statements of a WITH see one snapshot, taken before any of them ran, so the reads
 * of step 2 see the table as it was; where a change matters to them it is composed in explicitly
 * (the removed completion and skips are left out, the added completion is appended by the caller).
 */
import type { LocalDate } from '@habitquest/core/dates';
import { callExpression, literal } from '../db/sql-text';
import type { categories, completions, habits } from '../db/schema';
import type { Balances } from '../progress/ledger';
import type { RestRow } from '../rest/load-rest';

export type HabitRow = typeof habits.$inferSelect;
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
export function firstJson(result: unknown): unknown {
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

/** The write a set-state asks for; computed from the habit and settings (set-completion.ts). */
export type WriteParams = {
  date: LocalDate;
  periodKey: string;
  completed: boolean;
  xpEarned: number;
  pointsEarned: number;
  completedAt: Date;
  /** The period holding `date`: a skip in it goes when the completion is added. */
  period: { start: LocalDate; end: LocalDate };
  today: LocalDate;
  /**
   * How many of the latest days with a completion to read; null for none, when the caller knows
   * the days from the change before and needs only the day that changed (progress/load-progress.ts).
   */
  recentDays: number | null;
  /** Whether to read every habit: not when the caller keeps them at the revision it expects. */
  readHabits: boolean;
  /** The period keys of the date for every frequency (achievements/unlock.ts). */
  dayKeys: readonly string[];
  month: { first: LocalDate; last: LocalDate };
  categoryId: string | null;
  countCap: number;
};

/**
 * What hq_set_completion answered: 'stale' when the revision was not the expected one (nothing
 * was written; the habit, if it is the user's, and the settings as read after the lock), else
 * 'written' with the revision after the write.
 */
export type SetStateAnswer =
  /** The request's Idempotency-Key was taken already: nothing was done. */
  | { kind: 'key-taken' }
  /** The session the call was to check is gone or expired: nothing was done. */
  | { kind: 'unauthenticated' }
  | {
      kind: 'stale';
      revision: number;
      before: Balances;
      habit: HabitRow | null;
      storedSettings: unknown;
    }
  | { kind: 'written'; revision: number; before: Balances; written: WriteResult };

/**
 * The call of hq_set_completion as SQL text (db/sql-text.ts), to go in one message with BEGIN.
 * With `expected` null, or a revision that has moved, it only locks and reads; `params` is then
 * not used (null is passed for each). With `claim` (an insert of the request's Idempotency-Key
 * that returns a row when it claimed, http/idempotency.ts), the call runs only if the key was
 * claimed; else the answer is null. With `session`, nothing is called unless that session is live;
 * else the answer is `{"unauthenticated":true}` and the caller rolls back (the claim with it).
 */
export function setStateCall(
  userId: string,
  habitId: string,
  expected: number | null,
  params: WriteParams | null,
  claim?: string,
  session?: SessionCheck,
): string {
  const call = functionCall(userId, habitId, expected, params);
  const claimed =
    claim === undefined ? call : `case when exists (select 1 from claim) then ${call} end`;
  const checked =
    session === undefined
      ? claimed
      : `case when ${liveSession(userId, session)} then ${claimed} else '{"unauthenticated":true}'::json end`;
  return `${claim === undefined ? '' : `with claim as (${claim}) `}select ${checked} as result`;
}

/**
 * A session the server has not looked up for this request (auth/session-reader.ts, `remembered`):
 * the call's statement checks it is live first, and touches nothing when it is not.
 */
export type SessionCheck = { token: string; now: Date };

/** The condition that `session` is the user's and unexpired, as the session lookup asks it. */
function liveSession(userId: string, session: SessionCheck): string {
  return `exists (select 1 from auth_sessions where token = ${literal(session.token, 'text')} and user_id = ${literal(userId, 'text')} and expires_at > ${literal(session.now.toISOString(), 'timestamptz')})`;
}

function functionCall(
  userId: string,
  habitId: string,
  expected: number | null,
  params: WriteParams | null,
): string {
  // Period keys hold digits, '-' and 'W' only, so the array literal needs no escaping.
  if (params && !params.dayKeys.every((key) => /^[0-9W-]+$/.test(key)))
    throw new Error(`unexpected period keys: ${params.dayKeys.join(' ')}`);
  const p = params;
  return callExpression('hq_set_completion', [
    [p ? expected : null, 'bigint'],
    [userId, 'text'],
    [habitId, 'uuid'],
    [p?.date ?? null, 'date'],
    [p?.periodKey ?? null, 'text'],
    [p?.completed ?? null, 'boolean'],
    [p?.xpEarned ?? null, 'integer'],
    [p?.pointsEarned ?? null, 'integer'],
    [p?.completedAt.toISOString() ?? null, 'timestamptz'],
    [new Date().toISOString(), 'timestamptz'],
    [p?.period.start ?? null, 'date'],
    [p?.period.end ?? null, 'date'],
    [p?.today ?? null, 'date'],
    [p?.recentDays ?? null, 'integer'],
    [p ? `{${p.dayKeys.join(',')}}` : null, 'text[]'],
    [p?.month.first ?? null, 'date'],
    [p?.month.last ?? null, 'date'],
    [p?.categoryId ?? null, 'uuid'],
    [p?.countCap ?? null, 'integer'],
    [p?.readHabits ?? null, 'boolean'],
  ]);
}

/** Reads hq_set_completion's answer from the rows of its call. */
export function setStateAnswer(rows: readonly Record<string, unknown>[]): SetStateAnswer {
  const [row] = rows;
  if (row?.result === null) return { kind: 'key-taken' };
  const answer = firstJson({ rows }) as {
    unauthenticated?: true;
    stale: boolean;
    revision: number | string;
    xp: number;
    points: number;
    habit?: JsonRow | null;
    settings?: unknown;
    written?: WrittenJson;
  };
  if (answer.unauthenticated) return { kind: 'unauthenticated' };
  // A bigint arrives as a number inside json.
  const revision = Number(answer.revision);
  const before = { xp: answer.xp, points: answer.points };
  if (answer.stale)
    return {
      kind: 'stale',
      revision,
      before,
      habit: answer.habit ? habitFromJson(answer.habit) : null,
      storedSettings: answer.settings ?? null,
    };
  if (!answer.written) throw new Error('set-state call wrote nothing');
  return { kind: 'written', revision, before, written: writeResultFrom(answer.written) };
}

export type WriteResult = {
  /** The completion this request added, or null. */
  inserted: CompletionRow | null;
  /** The completion of the period as it was before this statement, or null. */
  existing: CompletionRow | null;
  /** The sums after the ledger entry, or null when nothing changed. */
  after: Balances | null;
  /**
   * The latest days (up to `recentDays`, newest first) with a completion, after the change; null
   * when not asked for.
   */
  days: LocalDate[] | null;
  /**
   * The day whose completions changed, or null: the added completion's, or the removed one's (an
   * undo of a weekly or monthly habit removes its period's completion, made on any day of it).
   */
  changedDay: LocalDate | null;
  /** Whether `changedDay` has a completion of any habit after the change. */
  dayDone: boolean;
  /** Every skip, pause and vacation of the user, after the change. */
  rest: RestRow[];
  /** Every habit of the user; null when not asked for (`readHabits`). */
  habits: HabitRow[] | null;
  /** Read only when a completion was added: what its achievements are judged on. */
  facts: {
    /** The user's completions before this one, counted up to `countCap`. */
    completions: number;
    /** The user's completions (before this one) with one of the day's period keys. */
    dayCompletions: CompletionFactsRow[];
    category: CategoryRow | null;
    /**
     * The month's completions (before this one) of the habits in the completed habit's
     * category: all its goal counts. Read only for a habit with a category.
     */
    monthCompletions: CompletionFactsRow[];
    /** Achievement ids the user has unlocked. */
    unlocked: string[];
  } | null;
};

/** The write's part of the answer, as hq_write_completion builds it. */
type WrittenJson = {
  inserted: JsonRow | null;
  existing: JsonRow | null;
  after: Balances | null;
  days: LocalDate[] | null;
  changedDay: LocalDate | null;
  dayDone: boolean;
  rest: RestRow[];
  habits: JsonRow[] | null;
  facts: WriteResult['facts'];
};

function writeResultFrom(written: WrittenJson): WriteResult {
  return {
    ...written,
    inserted: written.inserted === null ? null : completionFromJson(written.inserted),
    existing: written.existing === null ? null : completionFromJson(written.existing),
    habits: written.habits === null ? null : written.habits.map(habitFromJson),
  };
}
