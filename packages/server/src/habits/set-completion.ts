import { ERROR_MESSAGES } from '@habitquest/contracts/errors';
import type { SetCompletionResult } from '@habitquest/contracts/habits';
import type { RealtimeEvent } from '@habitquest/contracts/events';
import type { Settings } from '@habitquest/contracts/settings';
import {
  addDays,
  daysInMonth,
  formatLocalDate,
  parseLocalDate,
  type LocalDate,
} from '@habitquest/core/dates';
import { levelForXp, pointsForXp } from '@habitquest/core/levels';
import { periodKey, periodRangeOf } from '@habitquest/core/periods';
import { lockedStreakReach } from '@habitquest/core/achievements';
import { completionEligibility, ELIGIBILITY_MESSAGES } from '@habitquest/core/visibility';
import {
  earlierFirstDays,
  factReads,
  factsAfterCompletion,
  periodKeysOfDay,
  unlockEarned,
} from '../achievements/unlock';
import type { DatabaseHandle } from '../db/client';
import { HttpError, notFound } from '../http/errors';
import {
  claimText,
  KEY_TAKEN,
  storeAnswerText,
  type KeyClaim,
  type KeyTaken,
} from '../http/idempotency';
import {
  bestRunAround,
  dayStreakFrom,
  daysAfterChange,
  RECENT_DAYS,
  recentCompletionDays,
  type CompletionDays,
} from '../progress/load-progress';
import type { EventBus } from '../realtime/bus';
import {
  dayRestDaysOf,
  hasHabitRest,
  keptEarlyAfter,
  loadEarlyCompletions,
} from '../rest/day-rest';
import { restFromRows } from '../rest/load-rest';
import { settingsFrom, todayFor } from '../settings/load-settings';
import type { DerivedCache } from './derived-cache';
import {
  setStateAnswer,
  setStateCall,
  type HabitRow,
  type SetStateAnswer,
  type WriteParams,
  type WriteResult,
} from './set-state-statement';
import { progressAfter } from './predict-outcomes';
import { setStatePredicted } from './set-state-predicted';
import { changeEvents, type SetStateInputs } from './set-state-inputs';
import { toCompletion } from './to-habit';

type Plan = { ok: true; settings: Settings; params: WriteParams } | { ok: false; error: HttpError };

/**
 * The write for completing (or undoing) `date` of `habit`, or why that date cannot be set. With
 * `kept`, the inputs of the revision the write expects: what they hold is not read again.
 */
function planWrite(
  habit: HabitRow,
  storedSettings: unknown,
  date: LocalDate,
  completed: boolean,
  now: Date,
  kept: SetStateInputs | undefined,
): Plan {
  const settings = settingsFrom(storedSettings);
  const today = todayFor(settings, now);
  // Only completing is refused for a future or unscheduled date: an undo always takes back what
  // a completion gave, also one the date moved away from (a Specific habit's new date, a time
  // zone behind the one it was made in, an import).
  const eligibility = completed
    ? completionEligibility(habit, date, today, settings.weekStart)
    : ({ ok: true } as const);
  if (!eligibility.ok) {
    const message = ELIGIBILITY_MESSAGES[eligibility.reason];
    return {
      ok: false,
      error: new HttpError('VALIDATION', message, { issues: [{ path: 'date', message }] }),
    };
  }
  const { year, month } = parseLocalDate(date);
  const first = formatLocalDate(year, month, 1);
  const reads = factReads(kept?.unlocked);
  return {
    ok: true,
    settings,
    params: {
      date,
      periodKey: periodKey(date, habit.frequency, settings.weekStart),
      completed,
      xpEarned: habit.xpReward,
      pointsEarned: pointsForXp(habit.xpReward),
      completedAt: now,
      // A completed period no longer rests: its skip goes (docs/decisions.md, "Rest").
      period: periodRangeOf(date, habit.frequency, settings.weekStart),
      today,
      recentDays: kept?.days?.today === today ? null : RECENT_DAYS,
      readHabits: kept === undefined,
      dayKeys: reads.day ? periodKeysOfDay(date, settings.weekStart) : [],
      month: { first, last: addDays(first, daysInMonth(year, month) - 1) },
      categoryId: reads.month ? habit.categoryId : null,
      countCap: reads.countCap,
    },
  };
}

/**
 * The user's habits and the days their day streak is worked out from, after a write: as the write
 * read them, or, where it did not because they are kept, from `known` (the inputs of the revision
 * it was made at) and the day its change touched.
 */
function readOrKept(
  written: WriteResult,
  known: SetStateInputs | undefined,
  today: LocalDate,
): { habitsById: ReadonlyMap<string, HabitRow>; days: CompletionDays } {
  const habitsById =
    written.habits === null ? known?.habits : new Map(written.habits.map((row) => [row.id, row]));
  const change =
    written.changedDay === null ? null : { day: written.changedDay, isDone: written.dayDone };
  const days =
    written.days === null
      ? known?.days && daysAfterChange(known.days, change, today)
      : recentCompletionDays(today, written.days);
  if (!habitsById || !days) throw new Error('set-state neither read nor kept its inputs');
  return { habitsById, days };
}

/**
 * PUT /api/habits/:id/completions/:date — idempotent set-state. The server derives the period key;
 * completing awards the habit's XP and half of it in points through the ledger, and undoing takes
 * back exactly what that completion awarded. Serialised per user by the progress-row lock.
 *
 * One round trip when the answer can be predicted from the inputs kept for the user: one prepared
 * statement checks the session, claims the key, writes and answers (set-state-predicted.ts). Else,
 * or when the statement finds the prediction does not hold (it then writes nothing):
 * two round trips (docs/performance.md, "Server paths"): BEGIN with one statement that checks the
 * session (when the middleware did not look it up: `sessionToken`) and calls the function that
 * locks, checks that the habit and settings this process keeps for the user are still current,
 * and writes the change with every read after it (set-state-statement.ts); then COMMIT, with the
 * Idempotency-Key's answer when there is one. The
 * realtime events are published once it is committed (realtime/bus.ts sends them with others
 * waiting, never in this transaction). Kept inputs that are missing or stale cost one more call,
 * under the same lock; an achievement unlocked now adds its insert, and a day streak longer than
 * RECENT_DAYS a read of every day, once a day (the days are then kept: SetStateInputs).
 */
export async function setCompletion(options: {
  database: DatabaseHandle;
  events: EventBus;
  inputs: DerivedCache<SetStateInputs>;
  /** The revision the request's session check read (null when unknown, or not looked up). */
  revision: number | null;
  /**
   * The token of a session not looked up for this request (http/require-user.ts): the first
   * statement checks it is live before anything else, and the change answers 401 when it is not.
   * The inputs kept last for the user are then tried, and the call finds whether they are current.
   */
  sessionToken?: string | undefined;
  /** The request's Idempotency-Key, claimed and answered in this transaction (http/idempotency.ts). */
  claim?: KeyClaim | undefined;
  userId: string;
  habitId: string;
  date: LocalDate;
  completed: boolean;
  now: Date;
}): Promise<SetCompletionResult | KeyTaken> {
  const { database, events, inputs, userId, habitId, date, completed, now, claim } = options;
  const { sessionToken } = options;
  // Without a lookup's revision, the inputs kept last are tried: the call checks their revision.
  const latest =
    sessionToken === undefined
      ? options.revision === null
        ? undefined
        : { revision: options.revision, value: inputs.get(userId, options.revision) }
      : inputs.latest(userId);
  const expected = latest?.revision ?? null;
  const kept = latest?.value;
  const keptHabit = kept?.habits.get(habitId);
  // A date the kept inputs refuse is judged again on fresh ones before it is refused.
  const guess =
    kept && keptHabit
      ? planWrite(keptHabit, kept.storedSettings, date, completed, now, kept)
      : null;

  // One round trip when the answer can be predicted from what is kept (set-state-predicted.ts).
  if (kept && keptHabit && guess?.ok && expected !== null) {
    const done = await setStatePredicted({
      database,
      events,
      inputs,
      userId,
      kept,
      habit: keptHabit,
      revision: expected,
      plan: guess,
      sessionToken,
      claim,
      now,
    });
    if (done !== null) return done;
  }

  type Done = {
    result: SetCompletionResult;
    /** The change's realtime events, published once it is committed. */
    told: RealtimeEvent[];
    revision: number;
    inputs: SetStateInputs;
  };
  const outcome = await database.stepTransaction<Done | KeyTaken>(async (steps) => {
    // The key, if any, is claimed by the first call only, and the session checked by it.
    let claimInsert = claim ? claimText(claim) : undefined;
    let session = sessionToken === undefined ? undefined : { token: sessionToken, now: new Date() };
    const call = async (revision: number | null, params: WriteParams | null) => {
      const text = setStateCall(userId, habitId, revision, params, claimInsert, session);
      claimInsert = undefined;
      session = undefined;
      return setStateAnswer(await steps.run([text]));
    };
    let answer: SetStateAnswer = guess?.ok
      ? await call(expected, guess.params)
      : await call(null, null);
    if (answer.kind === 'unauthenticated')
      throw new HttpError('UNAUTHENTICATED', ERROR_MESSAGES.unauthenticated);
    if (answer.kind === 'key-taken') return { value: KEY_TAKEN, withCommit: [] };
    let storedSettings = kept?.storedSettings;
    let plan = guess;
    // What is kept with the inputs is of the revision this write was made at, unless it was stale.
    let known = kept;
    if (answer.kind === 'stale') {
      known = undefined;
      if (!answer.habit) throw notFound();
      storedSettings = answer.storedSettings;
      plan = planWrite(answer.habit, storedSettings, date, completed, now, undefined);
      if (!plan.ok) throw plan.error;
      // The lock is held: the revision cannot move before this call.
      answer = await call(answer.revision, plan.params);
      if (answer.kind !== 'written') throw new Error('the data revision moved under the lock');
    }
    if (!plan?.ok) throw new Error('set-state wrote without a plan');
    const { settings, params } = plan;
    const { today } = params;
    const { before, written } = answer;
    const { inserted, existing } = written;
    if (completed && !inserted && !existing) throw new Error('completion insert returned nothing');
    const added = inserted !== null;
    const current = completed ? (inserted ?? existing) : null;
    const after = written.after ?? before;
    const { habitsById, days } = readOrKept(written, known, today);
    const habits = [...habitsById.values()];

    // The day streak and a perfect day pass over rest days.
    const rest = restFromRows(written.rest);
    const tx = await steps.drizzle();
    const early = hasHabitRest(rest)
      ? (keptEarlyAfter(
          known?.early,
          written.changedDay,
          habitsById.get(habitId),
          completed,
          settings.timeZone,
        ) ??
        (await loadEarlyCompletions(tx, { userId, habits, rest, timeZone: settings.timeZone })))
      : undefined;
    const restDays = dayRestDaysOf({
      today,
      settings,
      rest,
      habits,
      early,
    });
    const { streak, days: daysNow } = await dayStreakFrom({
      db: tx,
      userId,
      known: days,
      restDays,
    });
    const progress = progressAfter(before, after, streak);
    // Achievements a new completion earns, in this transaction (achievements/unlock.ts). The
    // statement's reads predate the new completion: it is added to them here.
    const facts = written.facts;
    // While "Perfect Day" is locked (the day's completions were read): the habits created after
    // the date that a back-filled completion makes count on it.
    const earlier =
      inserted && params.dayKeys.length > 0
        ? await earlierFirstDays(tx, { userId, habits, date, timeZone: settings.timeZone })
        : undefined;
    // A day back-filled may complete a past run the current streak does not show.
    const reach = facts && date < today ? lockedStreakReach(new Set(facts.unlocked)) : 0;
    const pastRun =
      inserted && reach > 0
        ? await bestRunAround({ db: tx, userId, date, reach, today, restDays })
        : 0;
    const unlocked =
      inserted && facts
        ? await unlockEarned(tx, {
            userId,
            facts: {
              ...factsAfterCompletion({
                habitId,
                date,
                weekStart: settings.weekStart,
                timeZone: settings.timeZone,
                rest,
                completions: facts.completions + 1,
                habits,
                dayCompletions: [...facts.dayCompletions, inserted],
                category: facts.category,
                monthCompletions: facts.category ? [...facts.monthCompletions, inserted] : [],
                earlierFirstDays: earlier,
              }),
              level: levelForXp(after.xp),
              dayStreak: Math.max(progress.streak, pastRun),
            },
            now,
            unlocked: new Set(facts.unlocked),
          })
        : [];
    const answered: SetCompletionResult = {
      added,
      completion: current ? toCompletion(current) : null,
      progress,
    };
    return {
      value: {
        result: answered,
        told: changeEvents(habitId, answered, unlocked),
        revision: answer.revision,
        inputs: {
          storedSettings,
          habits: habitsById,
          days: daysNow,
          // Read with a new completion's facts; an undo unlocks nothing.
          unlocked: facts ? new Set([...facts.unlocked, ...unlocked]) : known?.unlocked,
          balances: after,
          rest,
          early,
        },
      },
      withCommit: claim ? [storeAnswerText(claim, 200, answered)] : [],
    };
  });
  if (outcome === KEY_TAKEN) return KEY_TAKEN;
  // Kept only once committed: a revision of a rolled-back write could be reached again by another.
  inputs.set(userId, outcome.revision, outcome.inputs);
  // Not awaited: the answer does not wait for the events, and publish never rejects.
  void events.publish(userId, ...outcome.told);
  return outcome.result;
}
