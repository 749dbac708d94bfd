/**
 * What both ways of a completion set-state share (set-completion.ts, the two-round-trip way;
 * set-state-predicted.ts, the one-statement way): the inputs a process keeps for a user, and the
 * realtime events a committed change publishes.
 */
import type { RealtimeEvent } from '@habitquest/contracts/events';
import type { SetCompletionResult } from '@habitquest/contracts/habits';
import type { CompletionDays } from '../progress/load-progress';
import type { Balances } from '../progress/ledger';
import type { EarlyCompletions } from '../rest/day-rest';
import type { UserRest } from '../rest/load-rest';
import type { HabitRow } from './set-state-statement';

/**
 * What a set-state computes its write from: the user's habits and stored settings, kept per user
 * at the data revision they were read at (derived-cache.ts). A completion moves the revision but
 * changes neither, so they are kept again at the revision the write made, and the next write reads
 * no habits. With them: the days with a completion the day streak is worked out from (the next
 * change reads none, only the day it touched: load-progress.ts, daysAfterChange); and
 * the ids of the achievements unlocked, so that a completion reads only the facts a locked one
 * needs (achievements/unlock.ts, factReads). Removing one moves the revision (its trigger).
 */
export type SetStateInputs = {
  storedSettings: unknown;
  habits: ReadonlyMap<string, HabitRow>;
  days?: CompletionDays | undefined;
  unlocked?: ReadonlySet<string> | undefined;
  /** The user's XP and points, and rest, at the revision: what the predicted set-state needs. */
  balances?: Balances | undefined;
  rest?: UserRest | undefined;
  /**
   * The early completions that can move a rest day (rest/day-rest.ts), kept with `rest` while the
   * user has a skip or a pause; undefined when not read, or when an undo made them unknown.
   */
  early?: EarlyCompletions | undefined;
};

/** A set-state's realtime events, published once it is committed. */
export function changeEvents(
  habitId: string,
  answered: SetCompletionResult,
  unlocked: string[],
): RealtimeEvent[] {
  return [
    { type: 'completions', payload: { habitIds: [habitId] } },
    { type: 'progress', payload: { progress: answered.progress } },
    ...(unlocked.length > 0 ? [{ type: 'achievements' as const, payload: { ids: unlocked } }] : []),
  ];
}
