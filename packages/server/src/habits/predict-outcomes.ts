/**
 * What a completion set-state can find and answer, predicted from the inputs kept for the user
 * (docs/performance.md, "The predicted set-state"): for each outcome the write can have (added,
 * already there, removed with its day kept or not, nothing to remove) the balances, the days the
 * day streak is worked out from, and the answer's progress. set-state-predicted.ts sends them
 * with the write in one statement, which picks the one it finds.
 */
import type { SetCompletionResult } from '@habitquest/contracts/habits';
import type { Settings } from '@habitquest/contracts/settings';
import type { LocalDate } from '@habitquest/core/dates';
import { levelForXp, progressFigures } from '@habitquest/core/levels';
import type { KeyClaim } from '../http/idempotency';
import type { Balances } from '../progress/ledger';
import { daysAfterChange, knownDayStreak, type CompletionDays } from '../progress/load-progress';
import {
  dayRestDaysOf,
  earlyCompletionsAfter,
  hasHabitRest,
  type EarlyCompletions,
} from '../rest/day-rest';
import type { UserRest } from '../rest/load-rest';
import type { HabitRow, WriteParams } from './set-state-statement';
/** The outcomes hq_set_state can find; which ones a request can have depends on `completed`. */
export type Outcome = 'added' | 'existing' | 'removed' | 'removedKept' | 'none';

type Progress = SetCompletionResult['progress'];

/** What the user's kept inputs become after an outcome, and the answer's progress for it. */
export type Predicted = {
  progress: Progress;
  balances: Balances;
  days: CompletionDays;
  early: EarlyCompletions | undefined;
};

/** What a prediction is made from: the inputs kept at `revision`, and the write planned on them. */
export type PredictionInputs = {
  userId: string;
  habit: HabitRow;
  revision: number;
  settings: Settings;
  params: WriteParams;
  habits: readonly HabitRow[];
  balances: Balances;
  rest: UserRest;
  /** Kept with `rest` while the user has a skip or a pause (day-rest.ts); else unused. */
  early: EarlyCompletions | undefined;
  days: CompletionDays;
  /** The ids of the achievements unlocked; undefined when not known (all are taken as locked). */
  unlocked: ReadonlySet<string> | undefined;
  /** The session to check in the statement (not looked up for this request), if any. */
  sessionToken: string | undefined;
  claim: KeyClaim | undefined;
  now: Date;
};

/** A set-state's answer's progress: the figures after it, and whether it levelled up. */
export function progressAfter(before: Balances, after: Balances, streak: number): Progress {
  const progress = progressFigures({ xp: after.xp, points: after.points, streak });
  return levelForXp(after.xp) > levelForXp(before.xp) ? { ...progress, leveledUp: true } : progress;
}

/**
 * The outcome's prediction, or null when its day streak needs days older than those kept, or
 * rest days that depend on a completion no longer kept (`rested` null).
 */
function predicted(
  before: Balances,
  after: Balances,
  days: CompletionDays | null,
  rested: { restDays: ReadonlySet<LocalDate>; early: EarlyCompletions | undefined } | null,
): Predicted | null {
  if (days === null || rested === null) return null;
  const { restDays, early } = rested;
  const streak = knownDayStreak(days, restDays);
  return streak === null
    ? null
    : { progress: progressAfter(before, after, streak), balances: after, days, early };
}

/**
 * Every outcome a write can have with its prediction, or null when one of them cannot be
 * predicted from what is kept (its day streak needs older days, or its rest days a completion no
 * longer kept).
 */
export function predictOutcomes(
  inputs: PredictionInputs,
): Partial<Record<Outcome, Predicted>> | null {
  const { habit, params, balances, days, rest, settings } = inputs;
  const { today, date } = params;
  if (days.today !== today) return null;
  // The rest days after the change: a completion before the habit was made may move its first
  // day (day-rest.ts, earlyCompletionsAfter); undoing its earliest one leaves them unknown here.
  const resting = hasHabitRest(rest);
  const rested = (isDone: boolean | null) => {
    const early =
      resting && isDone !== null && inputs.early !== undefined
        ? earlyCompletionsAfter(inputs.early, { habit, day: date, isDone }, settings.timeZone)
        : inputs.early;
    if (resting && early === undefined) return null;
    const restDays = dayRestDaysOf({
      today,
      settings,
      rest,
      habits: inputs.habits,
      early,
    });
    return { restDays, early };
  };
  const unchanged = rested(null);
  const change = (isDone: boolean) => daysAfterChange(days, { day: date, isDone }, today);
  const award = { xp: params.xpEarned, points: params.pointsEarned };
  // The balances once the completion asked about is undone, its day keeping another or not.
  const undone = { xp: balances.xp - award.xp, points: balances.points - award.points };
  const outcomes: Partial<Record<Outcome, Predicted | null>> = params.completed
    ? {
        added: predicted(
          balances,
          { xp: balances.xp + award.xp, points: balances.points + award.points },
          change(true),
          rested(true),
        ),
        existing: predicted(balances, balances, days, unchanged),
      }
    : {
        removed: predicted(balances, undone, change(false), rested(false)),
        removedKept: predicted(balances, undone, change(true), rested(false)),
        none: predicted(balances, balances, days, unchanged),
      };
  const known: Partial<Record<Outcome, Predicted>> = {};
  for (const [outcome, value] of Object.entries(outcomes) as [Outcome, Predicted | null][]) {
    if (value === null) return null;
    known[outcome] = value;
  }
  return known;
}
