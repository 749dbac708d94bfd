/**
 * Streaks are derived from completions, never kept as a counter that could drift. A habit's current streak is the run of consecutive completed
 * periods that ends at the current period, or at the previous one while the current period is
 * still open.
 *
 * They are computed from completion dates, not from stored period keys: a key is only as right as
 * the frequency and week start it was made with, and both can change after the fact.
 */
import type { LocalDate } from './dates';
import { periodIndexOf, DEFAULT_WEEK_START, type Frequency, type WeekStart } from './periods';
import { restPeriodIndexes, type HabitRest } from './rest';

export type Streaks = { current: number; best: number };

/**
 * Current and best streak of a habit from the local dates it was completed on. A period that holds
 * one of the habit's rest days (`rest`: skips, pauses, vacations) and no completion is passed over:
 * it neither lengthens a run nor ends it (docs/decisions.md, "Rest").
 */
export function habitStreaks(options: {
  dates: Iterable<LocalDate>;
  frequency: Frequency;
  today: LocalDate;
  weekStart?: WeekStart;
  rest?: HabitRest;
}): Streaks {
  const weekStart = options.weekStart ?? DEFAULT_WEEK_START;
  const indexes = new Set<number>();
  for (const date of options.dates) {
    indexes.add(periodIndexOf(date, options.frequency, weekStart));
  }
  const rest = options.rest
    ? restPeriodIndexes(options.rest, options.frequency, weekStart, options.today)
    : new Set<number>();
  return streaksOf(indexes, rest, periodIndexOf(options.today, options.frequency, weekStart));
}

/**
 * Day streak of the adventurer card: consecutive days with at least one completion. `restDays` are
 * the days that pass over (a vacation, or a day on which every daily habit rested).
 */
export function dayStreaks(options: {
  dates: Iterable<LocalDate>;
  today: LocalDate;
  restDays?: Iterable<LocalDate>;
}): Streaks {
  return habitStreaks({
    dates: options.dates,
    frequency: 'daily',
    today: options.today,
    rest: { skips: [...(options.restDays ?? [])], ranges: [] },
  });
}

function streaksOf(done: Set<number>, rest: Set<number>, nowIndex: number): Streaks {
  const all = [...new Set([...done, ...rest])].sort((a, b) => a - b);
  // The current run: back from now, past the open current period and every resting one.
  let current = 0;
  const first = all[0] ?? nowIndex;
  for (let cursor = nowIndex; cursor >= first; cursor -= 1) {
    if (done.has(cursor)) current += 1;
    else if (!rest.has(cursor) && cursor !== nowIndex) break;
  }
  // The best run: consecutive periods, each done or resting, counting the done ones.
  let best = 0;
  let run = 0;
  let previous: number | undefined;
  for (const index of all) {
    if (previous !== undefined && index !== previous + 1) run = 0;
    if (done.has(index)) {
      run += 1;
      best = Math.max(best, run);
    }
    previous = index;
  }
  return { current, best };
}

/**
 * The streaks once the current period is completed or undone, worked out from the streaks before
 * it without the history (the web shows them before the server answers, e.g. offline). While the
 * current period is open and not done, the current run ends at the previous period: completing
 * the current one lengthens that run by one, and undoing it takes that one away. An undo may also
 * shorten the best run; that figure waits for the server's, so `best` stays as it was.
 */
export function streaksAfterCurrentPeriod(before: Streaks, isCompleted: boolean): Streaks {
  if (!isCompleted) return { current: Math.max(0, before.current - 1), best: before.best };
  const current = before.current + 1;
  return { current, best: Math.max(before.best, current) };
}

const STREAK_PERIODS: Record<Frequency, string> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  yearly: 'year',
};

/** A run of `length` periods of a habit's frequency: "1 day", "3 weeks". */
export function streakLength(length: number, frequency: Frequency = 'daily'): string {
  const period = STREAK_PERIODS[frequency];
  return `${String(length)} ${length === 1 ? period : `${period}s`}`;
}

/**
 * "Best streak: 1 day" / "Best streak: 3 days" (the spec's words); a weekly habit's streak counts
 * weeks ("Best streak: 3 weeks"), a monthly one's months, a yearly one's years.
 */
export function bestStreakText(best: number, frequency: Frequency = 'daily'): string {
  return `Best streak: ${streakLength(best, frequency)}`;
}
