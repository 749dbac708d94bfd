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

export type Streaks = { current: number; best: number };

/** Current and best streak of a habit from the local dates it was completed on. */
export function habitStreaks(options: {
  dates: Iterable<LocalDate>;
  frequency: Frequency;
  today: LocalDate;
  weekStart?: WeekStart;
}): Streaks {
  const weekStart = options.weekStart ?? DEFAULT_WEEK_START;
  const indexes = new Set<number>();
  for (const date of options.dates) {
    indexes.add(periodIndexOf(date, options.frequency, weekStart));
  }
  return streaksOf(indexes, periodIndexOf(options.today, options.frequency, weekStart));
}

/** Day streak of the adventurer card: consecutive days with at least one completion. */
export function dayStreaks(options: { dates: Iterable<LocalDate>; today: LocalDate }): Streaks {
  return habitStreaks({ dates: options.dates, frequency: 'daily', today: options.today });
}

function streaksOf(indexes: Set<number>, nowIndex: number): Streaks {
  let current = 0;
  let cursor = indexes.has(nowIndex) ? nowIndex : nowIndex - 1;
  while (indexes.has(cursor)) {
    current += 1;
    cursor -= 1;
  }
  let best = 0;
  for (const index of indexes) {
    if (indexes.has(index - 1)) continue; // not the start of a run
    let length = 1;
    while (indexes.has(index + length)) length += 1;
    best = Math.max(best, length);
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

/** "Best streak: 1 day" / "Best streak: 3 days". */
export function bestStreakText(best: number): string {
  return `Best streak: ${best} ${best === 1 ? 'day' : 'days'}`;
}
