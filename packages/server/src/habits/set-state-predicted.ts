/**
 * The predicted set-state (docs/performance.md, "The predicted set-state"): a completion set-state
 * in one round trip, one prepared statement in a transaction of its own. From the inputs a process
 * keeps for the user at a data revision (set-completion.ts, SetStateInputs), the server predicts
 * everything the change can answer (predict-outcomes.ts): for each outcome the write can have (added, already there,
 * removed, nothing to remove) the balances, the days the day streak is worked out from, and the
 * answer's progress. The statement (migration 20261130090000, hq_set_state) checks the session,
 * claims the Idempotency-Key, takes the user's lock, checks that the revision and balances are the
 * predicted ones, writes, picks the predicted progress for the outcome it found, stores the key's
 * answer and answers it, and commits.
 *
 * A prediction is made only where it cannot differ from what the two-round-trip path would answer:
 * no achievement can be earned (the server rules out the level and the day streak; the statement
 * rules out the completion count, a category's month near its target and, while "Perfect Day" is
 * locked, a day whose other due habits are all done), the period has no skip to take away, and an
 * undo takes back the award this habit makes now for a completion on the date asked. Otherwise the
 * statement writes nothing and answers 'slow', and the change is made the other way.
 * kept-inputs.test.ts holds both paths to the same answers.
 */
import { ERROR_MESSAGES } from '@habitquest/contracts/errors';
import { ACHIEVEMENTS, earnedAchievements, lockedStreakReach } from '@habitquest/core/achievements';
import type { SetCompletionResult } from '@habitquest/contracts/habits';
import type { Settings } from '@habitquest/contracts/settings';
import { periodKey } from '@habitquest/core/periods';
import { dayInsights } from '@habitquest/core/stats';
import { toHabitFacts } from '../analytics/to-facts';
import type { DatabaseHandle, PreparedStatement } from '../db/client';
import { HttpError } from '../http/errors';
import { KEY_TAKEN, type KeyClaim, type KeyTaken } from '../http/idempotency';
import type { EventBus } from '../realtime/bus';
import { hasHabitRest } from '../rest/day-rest';
import type { DerivedCache } from './derived-cache';
import {
  predictOutcomes,
  type Outcome,
  type Predicted,
  type PredictionInputs,
} from './predict-outcomes';
import { changeEvents, type SetStateInputs } from './set-state-inputs';
import { firstJson, type HabitRow, type WriteParams } from './set-state-statement';

export type Prediction = {
  statement: PreparedStatement;
  outcomes: Partial<Record<Outcome, Predicted>>;
};

const isLocked = (unlocked: ReadonlySet<string> | undefined, id: string) =>
  unlocked?.has(id) !== true;

/** The lowest completions target still locked, if any (the statement counts up to it). */
function lowestLockedCount(unlocked: ReadonlySet<string> | undefined): number | null {
  const targets = ACHIEVEMENTS.filter(
    (achievement) => achievement.metric === 'completions' && isLocked(unlocked, achievement.id),
  ).map((achievement) => achievement.target);
  return targets.length === 0 ? null : Math.min(...targets);
}

/**
 * The habits other than the one completed that must be done on its date for the day to be
 * perfect (achievements/unlock.ts, factsAfterCompletion: due then, and not resting), each with
 * the key of its period holding the date. While one of them is not done, the completion cannot
 * make a perfect day; the statement counts their completions (migration 20261130100000).
 */
function othersDueOn(inputs: PredictionInputs): { habitId: string; periodKey: string }[] {
  const { date } = inputs.params;
  const { weekStart, timeZone } = inputs.settings;
  const day = dayInsights({
    habits: inputs.habits.map((row) => toHabitFacts(row, timeZone)),
    completions: [],
    date,
    weekStart,
    rest: inputs.rest,
  });
  return day.habitsForDay
    .filter((entry) => entry.rest === null && entry.habit.id !== inputs.habit.id)
    .map(({ habit }) => ({
      habitId: habit.id,
      periodKey: periodKey(date, habit.frequency, weekStart),
    }));
}

/**
 * The one-statement set-state for this write, or null when it cannot be predicted from what is
 * kept (the change then takes the two-round-trip path at once).
 */
export function predictSetState(inputs: PredictionInputs): Prediction | null {
  const { habit, params, rest, unlocked } = inputs;
  const { today, date, period } = params;
  const known = predictOutcomes(inputs);
  if (known === null) return null;
  // Adding a completion to a period with a skip takes the skip away, which moves the rest days.
  const skips = rest.skips.get(habit.id) ?? [];
  if (params.completed && skips.some((day) => day >= period.start && day <= period.end))
    return null;

  // What an added completion could earn: the server judges its level and day streak here; the
  // statement judges the count, the category's month and whether the day's other due habits are
  // all done (then the other way judges "Perfect Day").
  const added = known.added;
  const countTarget = lowestLockedCount(unlocked);
  const earnsNow =
    added !== undefined &&
    earnedAchievements({ level: added.progress.level, dayStreak: added.progress.streak }).some(
      (achievement) => isLocked(unlocked, achievement.id),
    );
  // A completion that would certainly go the other way is sent that way at once; so is one of
  // an earlier day while a day-streak achievement is locked: it may complete a past run, which
  // the other way looks for (the prediction knows only the current streak).
  if (params.completed && earnsNow) return null;
  if (params.completed && date < today && lockedStreakReach(unlocked ?? new Set()) > 0) return null;
  const dayDue = params.completed && isLocked(unlocked, 'perfect-day') ? othersDueOn(inputs) : null;
  const goalCategory = isLocked(unlocked, 'goal-met') ? habit.categoryId : null;

  const progressByOutcome = Object.fromEntries(
    Object.entries(known).map(([outcome, value]) => [outcome, value.progress]),
  );
  const { claim } = inputs;
  return {
    outcomes: known,
    statement: {
      name: 'hq_set_state',
      text: SET_STATE_TEXT,
      values: [
        inputs.sessionToken ?? null,
        // Sessions expire by the wall clock; the completion is stamped with the request's.
        new Date().toISOString(),
        inputs.userId,
        habit.id,
        inputs.revision,
        inputs.balances.xp,
        inputs.balances.points,
        date,
        params.periodKey,
        params.completed,
        params.xpEarned,
        params.pointsEarned,
        inputs.now.toISOString(),
        period.start,
        period.end,
        countTarget === null ? null : countTarget - 1,
        goalCategory,
        params.month.first,
        params.month.last,
        dayDue?.map((due) => due.habitId) ?? null,
        dayDue?.map((due) => due.periodKey) ?? null,
        claim?.key ?? null,
        claim?.method ?? null,
        claim?.path ?? null,
        claim?.requestHash ?? null,
        JSON.stringify(progressByOutcome),
      ],
    },
  };
}

const SET_STATE_TEXT = `select hq_set_state(${[
  'text',
  'timestamptz',
  'text',
  'uuid',
  'bigint',
  'integer',
  'integer',
  'date',
  'text',
  'boolean',
  'integer',
  'integer',
  'timestamptz',
  'date',
  'date',
  'integer',
  'uuid',
  'date',
  'date',
  'uuid[]',
  'text[]',
  'text',
  'text',
  'text',
  'text',
  'json',
]
  .map((type, index) => `$${String(index + 1)}::${type}`)
  .join(', ')}) as result`;

/** What hq_set_state answered. */
export type PredictedAnswer =
  | { kind: 'unauthenticated' }
  | { kind: 'key-taken' }
  /** The prediction did not hold: nothing was written, and the key was given back. */
  | { kind: 'slow' }
  | { kind: 'written'; outcome: Outcome; revision: number; answer: SetCompletionResult };

/** Reads hq_set_state's answer from the rows of its call (a bigint arrives as a number in json). */
export function predictedAnswer(rows: readonly Record<string, unknown>[]): PredictedAnswer {
  return firstJson({ rows }) as PredictedAnswer;
}

/**
 * The change in one statement, when its answer can be predicted from `kept`, the inputs kept for
 * the user at `revision`: its answer (the inputs are kept at the revision it made, and its events
 * published), KEY_TAKEN, or null when it goes the other way: it could not be predicted, or the
 * statement found that the prediction does not hold and wrote nothing.
 */
export async function setStatePredicted(options: {
  database: DatabaseHandle;
  events: EventBus;
  inputs: DerivedCache<SetStateInputs>;
  userId: string;
  kept: SetStateInputs;
  habit: HabitRow;
  revision: number;
  /** The write planned on the kept inputs (set-completion.ts, planWrite). */
  plan: { settings: Settings; params: WriteParams };
  sessionToken: string | undefined;
  claim: KeyClaim | undefined;
  now: Date;
}): Promise<SetCompletionResult | KeyTaken | null> {
  const { kept, habit, userId, inputs } = options;
  if (!kept.balances || !kept.rest || !kept.days) return null;
  if (hasHabitRest(kept.rest) && !kept.early) return null;
  const prediction = predictSetState({
    userId,
    habit,
    revision: options.revision,
    settings: options.plan.settings,
    params: options.plan.params,
    habits: [...kept.habits.values()],
    balances: kept.balances,
    rest: kept.rest,
    early: kept.early,
    days: kept.days,
    unlocked: kept.unlocked,
    sessionToken: options.sessionToken,
    claim: options.claim,
    now: options.now,
  });
  if (prediction === null) return null;
  const answer = predictedAnswer(await options.database.prepared(prediction.statement));
  switch (answer.kind) {
    case 'unauthenticated':
      throw new HttpError('UNAUTHENTICATED', ERROR_MESSAGES.unauthenticated);
    case 'key-taken':
      return KEY_TAKEN;
    case 'slow':
      return null;
    case 'written': {
      const predictedOutcome = prediction.outcomes[answer.outcome];
      if (!predictedOutcome)
        throw new Error(`set-state found an outcome not predicted: ${answer.outcome}`);
      const { balances, days, early } = predictedOutcome;
      inputs.set(userId, answer.revision, { ...kept, balances, days, early });
      // Not awaited: the answer does not wait for the events, and publish never rejects.
      void options.events.publish(userId, ...changeEvents(habit.id, answer.answer, []));
      return answer.answer;
    }
  }
}
