/**
 * The compact wire form of a window of completions (GET /api/completions/columns), which the web
 * app asks for: the dashboard's year of completions was 93 % of its data on the wire as one
 * object per completion (docs/performance.md, "The year of completions").
 *
 * One entry per habit, each field a column, dates as day numbers after the window's first day
 * and times in milliseconds after the UTC midnight of the completion's date. What gzip cannot
 * shrink in the full form is each completion's random id, which no screen shows: the compact form
 * leaves it out, and is otherwise lossless. `decodeCompletionColumns(encodeCompletionColumns(x))`
 * gives back x without the ids, ordered as GET /api/completions orders them (tested).
 *
 * Plain TypeScript, no zod: the web decodes it in its first download (its schema is in habits.ts).
 */
import { addDays, daysBetween, toEpochDay, type LocalDate } from '@habitquest/core/dates';
import type { Completion } from './habits';

const DAY_MS = 86_400_000;

/** A completion as the compact form carries it: everything but its id. */
export type CompletionEntry = Omit<Completion, 'id'>;

export type HabitCompletionColumns = {
  habitId: string;
  /** Days after the window's `from`, oldest first. */
  day: number[];
  /** completedAt − the UTC midnight of the completion's date, in milliseconds. */
  at: number[];
  periodKey: string[];
  xp: number[];
  points: number[];
};

export type CompletionColumns = {
  /** Day 0 of every habit's `day` column: the window's first day. */
  from: LocalDate;
  habits: HabitCompletionColumns[];
};

/** The completions of a window starting on `from`, column-wise per habit. */
export function encodeCompletionColumns(
  from: LocalDate,
  completions: readonly CompletionEntry[],
): CompletionColumns {
  const byHabit = new Map<string, HabitCompletionColumns>();
  for (const completion of sortCompletions(completions)) {
    let columns = byHabit.get(completion.habitId);
    if (columns === undefined) {
      columns = { habitId: completion.habitId, day: [], at: [], periodKey: [], xp: [], points: [] };
      byHabit.set(completion.habitId, columns);
    }
    columns.day.push(daysBetween(from, completion.completionDate));
    columns.at.push(
      Date.parse(completion.completedAt) - toEpochDay(completion.completionDate) * DAY_MS,
    );
    columns.periodKey.push(completion.periodKey);
    columns.xp.push(completion.xpEarned);
    columns.points.push(completion.pointsEarned);
  }
  return { from, habits: [...byHabit.values()] };
}

/** Back to one object per completion, oldest first (by date, then time, then habit). */
export function decodeCompletionColumns(columns: CompletionColumns): CompletionEntry[] {
  const entries: CompletionEntry[] = [];
  const dates = new Map<number, LocalDate>();
  for (const habit of columns.habits) {
    habit.day.forEach((day, i) => {
      let date = dates.get(day);
      if (date === undefined) {
        date = addDays(columns.from, day);
        dates.set(day, date);
      }
      entries.push({
        habitId: habit.habitId,
        completionDate: date,
        periodKey: habit.periodKey[i] ?? '',
        xpEarned: habit.xp[i] ?? 0,
        pointsEarned: habit.points[i] ?? 0,
        completedAt: new Date(toEpochDay(date) * DAY_MS + (habit.at[i] ?? 0)).toISOString(),
      });
    });
  }
  return sortCompletions(entries);
}

/** Oldest first: by date, then the time it was done, then habit (a stable, total order). */
export function sortCompletions<T extends CompletionEntry>(completions: readonly T[]): T[] {
  return [...completions].sort(
    (a, b) =>
      compare(a.completionDate, b.completionDate) ||
      compare(a.completedAt, b.completedAt) ||
      compare(a.habitId, b.habitId),
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
