/**
 * What rests, from what the wire gives the web (docs/product.md, "Rest days"): the skips of the
 * windows fetched, each habit's pause now or ahead, the vacation now or ahead, and the pauses and
 * vacations already over (GET /api/rest/history).
 */
import type { Habit } from '@habitquest/contracts/habits';
import type { Vacation } from '@habitquest/contracts/rest';
import type { RestHistory, Skip } from '@habitquest/contracts/rest';
import { addDays, localDateOf, type LocalDate } from '@habitquest/core/dates';
import {
  isPausedOn,
  pauseRange,
  SKIP_DAYS_AHEAD,
  vacationRange,
  type RestRange,
} from '@habitquest/core/rest';
import type { RestFacts } from '@habitquest/core/stats';

export function restFactsOf(options: {
  habits: readonly Pick<Habit, 'id' | 'pause'>[];
  skips: readonly Skip[];
  vacation: Vacation | null | undefined;
  /** The pauses and vacations already over (none until the history has loaded). */
  history?: RestHistory | undefined;
}): RestFacts {
  const skips = new Map<string, LocalDate[]>();
  for (const skip of options.skips) {
    const dates = skips.get(skip.habitId) ?? [];
    if (!dates.includes(skip.date)) dates.push(skip.date);
    skips.set(skip.habitId, dates);
  }
  const pauses = new Map<string, RestRange[]>();
  const addPause = (habitId: string, range: RestRange) => {
    pauses.set(habitId, [...(pauses.get(habitId) ?? []), range]);
  };
  for (const { habitId, startsOn, endsOn } of options.history?.pauses ?? []) {
    addPause(habitId, { startsOn, endsOn });
  }
  for (const habit of options.habits) if (habit.pause) addPause(habit.id, pauseRange(habit.pause));
  return {
    skips,
    pauses,
    vacations: [
      ...(options.history?.vacations ?? []),
      ...(options.vacation ? [vacationRange(options.vacation)] : []),
    ],
  };
}

/** The skips of several windows as one list (a skip fetched twice counts once). */
export function mergeSkips(...lists: (readonly Skip[] | undefined)[]): Skip[] {
  const seen = new Set<string>();
  const all: Skip[] = [];
  for (const skip of lists.flatMap((list) => list ?? [])) {
    const key = `${skip.habitId}:${skip.date}`;
    if (seen.has(key)) continue;
    seen.add(key);
    all.push(skip);
  }
  return all;
}

/** Whether the habit is paused on `date`. */
export function isPaused(habit: Pick<Habit, 'pause'>, date: LocalDate): boolean {
  return isPausedOn(habit.pause, date);
}

/**
 * Whether the habit's period holding `date` may be skipped: the server takes dates from the day the
 * habit was created (in the user's zone) to a year after today.
 */
export function canSkipOn(
  habit: Pick<Habit, 'createdAt'>,
  date: LocalDate,
  today: LocalDate,
  timeZone: string,
): boolean {
  const createdOn = localDateOf(Date.parse(habit.createdAt), timeZone);
  return date >= createdOn && date <= addDays(today, SKIP_DAYS_AHEAD);
}

export type VacationStatus = 'now' | 'ahead' | 'none';

/** Whether the vacation is on today, ahead, or none (one already over counts as none). */
export function vacationStatus(
  vacation: Vacation | null | undefined,
  today: LocalDate,
): VacationStatus {
  if (!vacation || vacation.endsOn < today) return 'none';
  return vacation.startsOn <= today ? 'now' : 'ahead';
}
