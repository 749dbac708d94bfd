/**
 * Dashboard statistics: the hero cards, the habit stats under the frequency tabs, Day Insights,
 * the colour bands and the category goal tracker (docs/product.md).
 */
import { parseLocalDate, type LocalDate } from './dates';
import type { CompletionFacts, HabitFacts } from './model';
import { periodKey, type Frequency, type WeekStart } from './periods';
import { isVisibleOn } from './visibility';

/** Rounded percentage; 0 when there is nothing to complete. */
export function completionRate(completed: number, total: number): number {
  return total <= 0 ? 0 : Math.round((completed / total) * 100);
}

export type RateBand = 'green' | 'amber' | 'red';

/** Dashboard and weekly analytics colours: green at 70 or more, amber at 40 or more, else red. */
export function rateBand(rate: number): RateBand {
  if (rate >= 70) return 'green';
  if (rate >= 40) return 'amber';
  return 'red';
}

export type MonthlyRateBand = 'excellent' | 'good' | 'fair' | 'low' | 'none';

/** Monthly analytics day bars: ≥80, ≥60, ≥40, >0, else neutral. */
export function monthlyRateBand(rate: number): MonthlyRateBand {
  if (rate >= 80) return 'excellent';
  if (rate >= 60) return 'good';
  if (rate >= 40) return 'fair';
  if (rate > 0) return 'low';
  return 'none';
}

/** Whether `habit` has a completion in the period (of its frequency) that contains `date`. */
export function isCompletedOn(
  habit: Pick<HabitFacts, 'frequency'>,
  completedKeys: ReadonlySet<string>,
  date: LocalDate,
  weekStart: WeekStart,
): boolean {
  return completedKeys.has(periodKey(date, habit.frequency, weekStart));
}

/** Completed period keys per habit id. */
export function completedKeysByHabit(
  completions: readonly Pick<CompletionFacts, 'habitId' | 'periodKey'>[],
): Map<string, Set<string>> {
  const byHabit = new Map<string, Set<string>>();
  for (const completion of completions) {
    let keys = byHabit.get(completion.habitId);
    if (!keys) {
      keys = new Set();
      byHabit.set(completion.habitId, keys);
    }
    keys.add(completion.periodKey);
  }
  return byHabit;
}

export type DayHabit<H> = { habit: H; isCompleted: boolean };

export type DayInsights<H> = {
  completedCount: number;
  totalCount: number;
  completionRate: number;
  xpEarned: number;
  habitsForDay: DayHabit<H>[];
};

/**
 * Day Insights and the hero cards for one date: the habits scheduled that day (visible, and
 * already created), which of them are done for their period, and the XP earned on that date.
 */
export function dayInsights<
  H extends Pick<HabitFacts, 'id' | 'frequency' | 'isRecurring' | 'specificDate' | 'createdOn'>,
>(options: {
  habits: readonly H[];
  completions: readonly CompletionFacts[];
  date: LocalDate;
  weekStart: WeekStart;
}): DayInsights<H> {
  const { date, weekStart } = options;
  const keys = completedKeysByHabit(options.completions);
  const habitsForDay = options.habits
    .filter((habit) => habit.createdOn <= date && isVisibleOn(habit, date, weekStart))
    .map((habit) => ({
      habit,
      isCompleted: isCompletedOn(habit, keys.get(habit.id) ?? new Set(), date, weekStart),
    }));
  const completedCount = habitsForDay.filter((entry) => entry.isCompleted).length;
  const xpEarned = options.completions
    .filter((completion) => completion.completionDate === date)
    .reduce((sum, completion) => sum + completion.xpEarned, 0);
  return {
    completedCount,
    totalCount: habitsForDay.length,
    completionRate: completionRate(completedCount, habitsForDay.length),
    xpEarned,
    habitsForDay,
  };
}

export type FrequencyStats = {
  frequency: Frequency;
  completedToday: number;
  total: number;
  completionRate: number;
  rateBand: RateBand;
  /** Mean current streak, one decimal. */
  averageStreak: number;
};

/** The stats row under the frequency tabs, for the habits shown in that tab. */
export function frequencyStats(
  frequency: Frequency,
  shown: readonly { isCompleted: boolean; streak: number }[],
): FrequencyStats {
  const completedToday = shown.filter((entry) => entry.isCompleted).length;
  const rate = completionRate(completedToday, shown.length);
  const streakSum = shown.reduce((sum, entry) => sum + entry.streak, 0);
  return {
    frequency,
    completedToday,
    total: shown.length,
    completionRate: rate,
    rateBand: rateBand(rate),
    averageStreak: shown.length === 0 ? 0 : Math.round((streakSum / shown.length) * 10) / 10,
  };
}

export type GoalStatus = 'Complete!' | 'Almost there!' | 'Halfway!' | 'Keep going!';

export function goalStatus(percent: number): GoalStatus {
  if (percent >= 100) return 'Complete!';
  if (percent >= 75) return 'Almost there!';
  if (percent >= 50) return 'Halfway!';
  return 'Keep going!';
}

export type GoalProgress = {
  xp: number;
  target: number;
  /** Rounded percent of the target; may pass 100. */
  percent: number;
  /** Width of the progress bar: the percent capped at 100. */
  barPercent: number;
  status: GoalStatus;
  isMet: boolean;
};

/** A category's goal. A target of 0 counts as met once any XP was earned. */
export function goalProgress(xp: number, target: number): GoalProgress {
  const percent = target > 0 ? Math.round((xp / target) * 100) : xp > 0 ? 100 : 0;
  return {
    xp,
    target,
    percent,
    barPercent: Math.min(100, Math.max(0, percent)),
    status: goalStatus(percent),
    isMet: percent >= 100,
  };
}

/**
 * XP a category earned in a month: the XP of every completion dated in that month whose habit sits
 * in the category now. The XP actually awarded is summed, so editing a habit's XP later does not
 * rewrite history.
 */
export function categoryXpForMonth(options: {
  categoryId: string;
  habits: readonly Pick<HabitFacts, 'id' | 'categoryId'>[];
  completions: readonly CompletionFacts[];
  year: number;
  month: number;
}): number {
  const inCategory = new Set(
    options.habits.filter((habit) => habit.categoryId === options.categoryId).map((h) => h.id),
  );
  return options.completions
    .filter((completion) => {
      if (!inCategory.has(completion.habitId)) return false;
      const { year, month } = parseLocalDate(completion.completionDate);
      return year === options.year && month === options.month;
    })
    .reduce((sum, completion) => sum + completion.xpEarned, 0);
}
