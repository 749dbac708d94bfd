/**
 * The counting every tab of the Analytics Dashboard shares (docs/product.md "Analytics Dashboard modal").
 *
 * Scheduled instances of a date range: for each habit, each distinct period of its frequency that
 * intersects the range, clipped to dates on or before `today` and on or after the habit's
 * `createdOn` (or done: a period done before its first day counts, as in dayInsights), and on
 * some day of which the habit is visible (isVisibleOn). An instance is completed when a
 * completion with that period key exists. For a single day up to today this is
 * exactly dayInsights' count, so the calendar and the analytics never disagree. A period that rests
 * (core rest.ts: it holds a skip, a pause or a vacation day) and is not completed is no instance.
 * Completion rate = completionRate(completed, scheduled): a rounded percent, 0 when nothing was
 * scheduled.
 *
 * Completions and XP of a range count the completion records dated in it (xpEarned as awarded).
 */
import {
  addDays,
  daysInMonth,
  formatLocalDate,
  minDate,
  weekdayOf,
  type LocalDate,
} from '../dates';
import type { CompletionFacts, HabitFacts } from '../model';
import { periodKey, periodRange, type DateRange, type WeekStart } from '../periods';
import { periodHasRest, restOfHabit, type HabitRest, type RestByHabit } from '../rest';
import { completionRate } from '../stats';
import { isVisibleOn } from '../visibility';

/** What every analytics tab is computed from. */
export type AnalyticsFacts = {
  habits: readonly HabitFacts[];
  completions: readonly CompletionFacts[];
  today: LocalDate;
  weekStart: WeekStart;
  /** Skips, pauses and vacations: a resting instance leaves the counts (docs/decisions.md). */
  rest?: RestByHabit;
};

export type Tally = { completed: number; total: number; rate: number };

export type Totals = { completions: number; xp: number };

/** One bar of the Monthly or Weekly chart: a day's scheduled instances and its records. */
export type DayBar = Tally &
  Totals & {
    date: LocalDate;
    /** After today: nothing is scheduled yet, the bar is drawn empty. */
    isFuture: boolean;
  };

export const WEEKDAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export type WeekdayLabel = (typeof WEEKDAY_LABELS)[number];

type ScheduledHabit = Pick<
  HabitFacts,
  'id' | 'frequency' | 'isRecurring' | 'specificDate' | 'createdOn'
>;

/** Scheduled and completed instances of one habit in a date range (see the module comment). */
export function habitInstances(options: {
  habit: ScheduledHabit;
  completedKeys: ReadonlySet<string>;
  range: DateRange;
  today: LocalDate;
  weekStart: WeekStart;
  rest?: HabitRest;
}): { completed: number; total: number } {
  const { habit, completedKeys, weekStart, rest } = options;
  const last = minDate(options.range.end, options.today);
  // A period before the habit's first day counts only when done (a weekly habit added and done
  // on Friday, seen from Monday; a day back-filled before the habit was added).
  let cursor = options.range.start;
  let completed = 0;
  let total = 0;
  while (cursor <= last) {
    const key = periodKey(cursor, habit.frequency, weekStart);
    const end = periodRange(key, habit.frequency, weekStart).end;
    // Visibility is the same on every day of a period of the habit's frequency, so one day tells.
    if (isVisibleOn(habit, cursor, weekStart)) {
      const isDone = completedKeys.has(key);
      const isStarted = minDate(end, last) >= habit.createdOn;
      // A resting period that is not done counts neither for nor against the user.
      const isResting =
        rest !== undefined && periodHasRest(rest, cursor, habit.frequency, weekStart);
      if (isDone || (isStarted && !isResting)) {
        total += 1;
        if (isDone) completed += 1;
      }
    }
    cursor = addDays(end, 1);
  }
  return { completed, total };
}

/** Scheduled and completed instances of all `habits` in a range, with their completion rate. */
export function scheduledTally(options: {
  habits: readonly ScheduledHabit[];
  keysByHabit: ReadonlyMap<string, ReadonlySet<string>>;
  range: DateRange;
  today: LocalDate;
  weekStart: WeekStart;
  rest?: RestByHabit;
}): Tally {
  let completed = 0;
  let total = 0;
  for (const habit of options.habits) {
    const instances = habitInstances({
      ...options,
      habit,
      completedKeys: options.keysByHabit.get(habit.id) ?? new Set(),
      rest: options.rest ? restOfHabit(options.rest, habit.id) : undefined,
    });
    completed += instances.completed;
    total += instances.total;
  }
  return { completed, total, rate: completionRate(completed, total) };
}

/** Whether `date` lies in the range, both ends included. */
export function isInRange(date: LocalDate, range: DateRange): boolean {
  return range.start <= date && date <= range.end;
}

/** How many completions are dated in the range, and the XP they earned. */
export function rangeTotals(
  completions: readonly Pick<CompletionFacts, 'completionDate' | 'xpEarned'>[],
  range: DateRange,
): Totals {
  let count = 0;
  let xp = 0;
  for (const completion of completions) {
    if (!isInRange(completion.completionDate, range)) continue;
    count += 1;
    xp += completion.xpEarned;
  }
  return { completions: count, xp };
}

/** First and last date of a month (month 1–12). */
export function monthRange(year: number, month: number): DateRange {
  return {
    start: formatLocalDate(year, month, 1),
    end: formatLocalDate(year, month, daysInMonth(year, month)),
  };
}

/** The bar of one day: its scheduled instances (none after today) and the records dated on it. */
export function dayBar(
  facts: AnalyticsFacts,
  keysByHabit: ReadonlyMap<string, ReadonlySet<string>>,
  date: LocalDate,
): DayBar {
  const range = { start: date, end: date };
  return {
    date,
    ...scheduledTally({ ...facts, keysByHabit, range }),
    ...rangeTotals(facts.completions, range),
    isFuture: date > facts.today,
  };
}

/** 'Sun' … 'Sat' for a date. */
export function weekdayLabel(date: LocalDate): WeekdayLabel {
  return WEEKDAY_LABELS[weekdayOf(date)] ?? 'Sun';
}
