/**
 * The Daily tab of the Analytics Dashboard (docs/product.md) for one date. Decided where the spec is
 * silent:
 * - The rate, XP, habits done and total habits are dayInsights of that date, so the tab agrees
 *   with the hero cards and Day Insights.
 * - The streak list has one row per habit scheduled that day, sorted by current streak (longest
 *   first) and then by title. Streaks are as of that date: only completions of periods up to the
 *   one containing it count, so looking back at a past day shows the streaks the user had then
 *   (and a period already marked done counts); for today they are the habit cards' streaks.
 */
import type { LocalDate } from '../dates';
import type { CompletionFacts, HabitFacts } from '../model';
import { periodRangeOf, type Frequency, type WeekStart } from '../periods';
import { dayInsights } from '../stats';
import { restOfHabit, type RestByHabit } from '../rest';
import { habitStreaks } from '../streaks';

export type HabitStreakRow = {
  habitId: string;
  title: string;
  frequency: Frequency;
  current: number;
  best: number;
  isCompletedToday: boolean;
};

export type DailyAnalytics = {
  date: LocalDate;
  completionRate: number;
  xpEarned: number;
  habitsDone: number;
  totalHabits: number;
  streaks: HabitStreakRow[];
};

/** The Daily tab for `date`. */
export function dailyAnalytics(options: {
  habits: readonly HabitFacts[];
  completions: readonly CompletionFacts[];
  date: LocalDate;
  weekStart: WeekStart;
  /** Skips, pauses and vacations: resting habits leave the rate, and streaks pass over them. */
  rest?: RestByHabit;
}): DailyAnalytics {
  const { date, weekStart } = options;
  const insights = dayInsights(options);
  const byHabit = completionsByHabit(options.completions);
  const streaks = insights.habitsForDay.map(({ habit, isCompleted }) => {
    // Up to the end of the date's period, so a period marked done counts in the streak too.
    const periodEnd = periodRangeOf(date, habit.frequency, weekStart).end;
    const dates = (byHabit.get(habit.id) ?? [])
      .map((completion) => completion.completionDate)
      .filter((completionDate) => completionDate <= periodEnd);
    return {
      habitId: habit.id,
      title: habit.title,
      frequency: habit.frequency,
      ...habitStreaks({
        dates,
        frequency: habit.frequency,
        today: date,
        weekStart,
        rest: options.rest ? restOfHabit(options.rest, habit.id) : undefined,
      }),
      isCompletedToday: isCompleted,
    };
  });
  return {
    date,
    completionRate: insights.completionRate,
    xpEarned: insights.xpEarned,
    habitsDone: insights.completedCount,
    totalHabits: insights.totalCount,
    streaks: streaks.toSorted(
      (a, b) => b.current - a.current || a.title.localeCompare(b.title, 'en'),
    ),
  };
}

function completionsByHabit(
  completions: readonly CompletionFacts[],
): Map<string, CompletionFacts[]> {
  const byHabit = new Map<string, CompletionFacts[]>();
  for (const completion of completions) {
    const list = byHabit.get(completion.habitId);
    if (list) list.push(completion);
    else byHabit.set(completion.habitId, [completion]);
  }
  return byHabit;
}
