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

/** "Best streak: 1 day" / "Best streak: 3 days". */
export function bestStreakText(best: number): string {
  return `Best streak: ${best} ${best === 1 ? 'day' : 'days'}`;
}
