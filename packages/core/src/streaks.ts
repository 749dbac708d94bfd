/**
 * Streaks are derived from completions, never kept as a counter that could drift (DESIGN §4).
 * A habit's current streak is the run of consecutive completed periods that ends at the current
 * period, or at the previous one while the current period is still open.
 */
import type { LocalDate } from './dates';
import {
  periodIndex,
  periodKey,
  DEFAULT_WEEK_START,
  type Frequency,
  type WeekStart,
} from './periods';

export type Streaks = { current: number; best: number };

/** Current and best streak of a habit from the period keys it was completed in. */
export function habitStreaks(options: {
  periodKeys: Iterable<string>;
  frequency: Frequency;
  today: LocalDate;
  weekStart?: WeekStart;
}): Streaks {
  const weekStart = options.weekStart ?? DEFAULT_WEEK_START;
  const indexes = new Set<number>();
  for (const key of options.periodKeys) {
    indexes.add(periodIndex(key, options.frequency, weekStart));
  }
  const nowIndex = periodIndex(
    periodKey(options.today, options.frequency, weekStart),
    options.frequency,
    weekStart,
  );
  return streaksOf(indexes, nowIndex);
}

/** Day streak of the adventurer card: consecutive days with at least one completion. */
export function dayStreaks(options: { dates: Iterable<LocalDate>; today: LocalDate }): Streaks {
  return habitStreaks({ periodKeys: options.dates, frequency: 'daily', today: options.today });
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
