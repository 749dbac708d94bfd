/**
 * Rest days (docs/product.md, "Rest days"; docs/decisions.md, "Rest"): a day one habit skips, the
 * days a habit is paused, and the days of a vacation, when every habit rests. A period of a habit
 * rests when it holds at least one of its rest days and no completion: such a period neither
 * extends nor breaks the habit's streak, earns nothing, and leaves completion rates.
 *
 * Everything here is plain dates and ranges, so the server, the web and the tests share one rule.
 */
import { addDays, maxDate, minDate, type LocalDate } from './dates';
import { periodIndexOf, periodRangeOf, type Frequency, type WeekStart } from './periods';
import { isVisibleOn, type Schedule } from './visibility';

/** Days from `startsOn` to `endsOn`, both included; `endsOn` null: with no end (a pause). */
export type RestRange = { startsOn: LocalDate; endsOn: LocalDate | null };

/** What rests for one habit: the dates it skips and the ranges it is paused or on vacation. */
export type HabitRest = { skips: readonly LocalDate[]; ranges: readonly RestRange[] };

export const NO_REST: HabitRest = { skips: [], ranges: [] };

/** How far ahead a day may be skipped: a planned rest at most a year out (a leap year's too). */
export const SKIP_DAYS_AHEAD = 366;

/** A habit's pause as the wire gives it: resting from `startsOn` to the day before `resumesOn`. */
export type Pause = { startsOn: LocalDate; resumesOn: LocalDate | null };

export function pauseRange(pause: Pause): RestRange {
  return {
    startsOn: pause.startsOn,
    endsOn: pause.resumesOn === null ? null : addDays(pause.resumesOn, -1),
  };
}

export function vacationRange(vacation: { startsOn: LocalDate; endsOn: LocalDate }): RestRange {
  return { startsOn: vacation.startsOn, endsOn: vacation.endsOn };
}

export function isInRange(range: RestRange, date: LocalDate): boolean {
  return date >= range.startsOn && (range.endsOn === null || date <= range.endsOn);
}

/** Whether a habit with this pause (or none) is paused on `date`. */
export function isPausedOn(pause: Pause | null | undefined, date: LocalDate): boolean {
  return pause != null && isInRange(pauseRange(pause), date);
}

/** Whether `date` is one of the habit's rest days (a skip, a pause or a vacation). */
export function isRestDay(rest: HabitRest, date: LocalDate): boolean {
  return rest.skips.includes(date) || rest.ranges.some((range) => isInRange(range, date));
}

/**
 * Whether the habit rests on `date` as reminders see it: paused or on vacation that day, or its
 * period (of `frequency`) skipped. A vacation earlier in the week does not silence the rest of it.
 */
export function restsOn(
  rest: HabitRest,
  date: LocalDate,
  frequency: Frequency,
  weekStart: WeekStart,
): boolean {
  if (rest.ranges.some((range) => isInRange(range, date))) return true;
  const { start, end } = periodRangeOf(date, frequency, weekStart);
  return rest.skips.some((skip) => skip >= start && skip <= end);
}

/**
 * Whether the period (of `frequency`) holding `date` holds a rest day of the habit. Whether the
 * period rests also depends on it having no completion: the caller knows that.
 */
export function periodHasRest(
  rest: HabitRest,
  date: LocalDate,
  frequency: Frequency,
  weekStart: WeekStart,
): boolean {
  const { start, end } = periodRangeOf(date, frequency, weekStart);
  return (
    rest.skips.some((skip) => skip >= start && skip <= end) ||
    rest.ranges.some(
      (range) => range.startsOn <= end && (range.endsOn === null || range.endsOn >= start),
    )
  );
}

/**
 * The indexes (periodIndexOf's line) of every period holding a rest day, up to the period holding
 * `until`: an open-ended pause rests through today's period and no further, so the work is
 * bounded by the history, never by the calendar.
 */
export function restPeriodIndexes(
  rest: HabitRest,
  frequency: Frequency,
  weekStart: WeekStart,
  until: LocalDate,
): Set<number> {
  const indexes = new Set<number>();
  for (const skip of rest.skips) {
    if (skip <= until) indexes.add(periodIndexOf(skip, frequency, weekStart));
  }
  for (const range of rest.ranges) {
    const last = range.endsOn === null ? until : minDate(range.endsOn, until);
    if (last < range.startsOn) continue;
    // One step per period: jump from each period's first day to the day after its end.
    let day = range.startsOn;
    while (day <= last) {
      indexes.add(periodIndexOf(day, frequency, weekStart));
      day = maxDate(addDays(periodRangeOf(day, frequency, weekStart).end, 1), addDays(day, 1));
    }
  }
  return indexes;
}

/** The rest of one habit: its own skips and pauses, and the user's vacations. */
export function habitRest(options: {
  skips?: readonly LocalDate[];
  pauses?: readonly RestRange[];
  vacations?: readonly RestRange[];
}): HabitRest {
  return {
    skips: options.skips ?? [],
    ranges: [...(options.pauses ?? []), ...(options.vacations ?? [])],
  };
}

/** Every rest of a user: skips and pauses by habit id, and vacations (stats.ts calls it `RestFacts`). */
export type RestByHabit = {
  skips: ReadonlyMap<string, readonly LocalDate[]>;
  pauses: ReadonlyMap<string, readonly RestRange[]>;
  vacations: readonly RestRange[];
};

/** One habit's rest out of the user's: its own skips and pauses, and every vacation. */
export function restOfHabit(facts: RestByHabit, habitId: string): HabitRest {
  return habitRest({
    skips: facts.skips.get(habitId),
    pauses: facts.pauses.get(habitId),
    vacations: facts.vacations,
  });
}

/**
 * A habit as the day streak's rest rule needs it. `createdOn` is the first day it counts on:
 * restingFrom's answer where it was kept before it was made.
 */
export type RestingHabit = Schedule & { createdOn: LocalDate; rest: HabitRest };

/**
 * The first day a habit counts on for the day streak's rest rule: the day it was made, or an
 * earlier day its user completed, skipped or paused it (a back-filled history, an import). It
 * holds "a habit's first day" (visibility.ts, firstDayOf) and adds rest: a habit skipped before it
 * was made was kept then too. From that day on a day it was due and neither done nor resting is
 * no rest day, even when every other daily habit rested (docs/product.md, "Rest days").
 */
export function restingFrom(
  createdOn: LocalDate,
  earlier: {
    firstCompletedOn?: LocalDate | undefined;
    skips?: readonly LocalDate[] | undefined;
    pauses?: readonly RestRange[] | undefined;
  },
): LocalDate {
  let first = createdOn;
  if (earlier.firstCompletedOn !== undefined) first = minDate(first, earlier.firstCompletedOn);
  for (const skip of earlier.skips ?? []) first = minDate(first, skip);
  for (const pause of earlier.pauses ?? []) first = minDate(first, pause.startsOn);
  return first;
}

/**
 * The days the day streak passes over, up to `today`: every vacation day, and every day on which
 * the user had daily habits and all of them rested (skipped or paused). A day on which nothing
 * was due to rest is no rest day: doing nothing on it still breaks the day streak.
 */
export function dayStreakRestDays(options: {
  vacations: readonly RestRange[];
  habits: readonly RestingHabit[];
  today: LocalDate;
  weekStart: WeekStart;
}): Set<LocalDate> {
  const { today, weekStart } = options;
  const days = new Set<LocalDate>();
  const eachDay = (range: RestRange, visit: (day: LocalDate) => void) => {
    const last = range.endsOn === null ? today : minDate(range.endsOn, today);
    for (let day = range.startsOn; day <= last; day = addDays(day, 1)) visit(day);
  };
  for (const vacation of options.vacations) eachDay(vacation, (day) => days.add(day));
  const daily = options.habits.filter((habit) => habit.frequency === 'daily');
  const dueOn = (day: LocalDate) =>
    daily.filter((habit) => habit.createdOn <= day && isVisibleOn(habit, day, weekStart));
  const everyDueRests = (day: LocalDate) => {
    const due = dueOn(day);
    return due.length > 0 && due.every((habit) => isRestDay(habit.rest, day));
  };
  // Only a day on which some daily habit rests can be one on which all of them do.
  for (const habit of daily) {
    for (const skip of habit.rest.skips) {
      if (skip <= today && !days.has(skip) && everyDueRests(skip)) days.add(skip);
    }
    for (const range of habit.rest.ranges) {
      eachDay(range, (day) => {
        if (!days.has(day) && everyDueRests(day)) days.add(day);
      });
    }
  }
  return days;
}
