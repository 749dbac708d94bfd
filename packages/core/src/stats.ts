/**
 * Dashboard statistics: the hero cards, the habit stats under the frequency tabs, Day Insights,
 * the colour bands and the category goal tracker (docs/product.md).
 */
import { parseLocalDate, type LocalDate } from './dates';
import type { CompletionFacts, HabitFacts } from './model';
import { periodKey, type Frequency, type WeekStart } from './periods';
import { isRestDay, periodHasRest, type HabitRest, type RestByHabit } from './rest';
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

/** Why a habit rests in a period (docs/product.md, "Rest days"). */
export type RestKind = 'vacation' | 'paused' | 'skipped';

/**
 * Everything that rests, as the web and the server know it: each habit's skipped days and pause
 * ranges by habit id, and the user's vacations (which rest every habit).
 */
export type RestFacts = RestByHabit;

export const NO_REST_FACTS: RestFacts = { skips: new Map(), pauses: new Map(), vacations: [] };

/**
 * Why the period (of the habit's frequency) holding `date` rests, or null when it holds no rest
 * day. The kind of `date` itself comes first, so a weekly habit skipped on Monday and on vacation
 * from Friday reads 'On vacation' on Friday; then a vacation, a pause, a skip anywhere in the
 * period. Whether it rests also needs the period not completed: the caller knows that.
 */
export function restKindOn(
  facts: RestFacts,
  habit: Pick<HabitFacts, 'id' | 'frequency'>,
  date: LocalDate,
  weekStart: WeekStart,
): RestKind | null {
  const kinds: [RestKind, HabitRest][] = [
    ['vacation', { skips: [], ranges: facts.vacations }],
    ['paused', { skips: [], ranges: facts.pauses.get(habit.id) ?? [] }],
    ['skipped', { skips: facts.skips.get(habit.id) ?? [], ranges: [] }],
  ];
  const onDate = kinds.find(([, rest]) => isRestDay(rest, date));
  if (onDate) return onDate[0];
  const inPeriod = kinds.find(([, rest]) => periodHasRest(rest, date, habit.frequency, weekStart));
  return inPeriod ? inPeriod[0] : null;
}

/** A habit of the day: done for its period, or resting (and why), or neither. */
export type DayHabit<H> = { habit: H; isCompleted: boolean; rest: RestKind | null };

export type DayInsights<H> = {
  completedCount: number;
  /** The habits scheduled that day that count: resting ones are left out. */
  totalCount: number;
  /** Scheduled that day, not done, and resting (skipped, paused or on vacation). */
  restingCount: number;
  completionRate: number;
  xpEarned: number;
  habitsForDay: DayHabit<H>[];
  /**
   * Visible that day but created after it, and not done for its period: listed so a user can
   * log what they did before adding the habit, and left out of every count (docs/product.md).
   */
  addedLater: H[];
};

/**
 * Day Insights and the hero cards for one date: the habits scheduled that day, which of them are
 * done for their period, and the XP earned on that date. A habit counts from its first day: the
 * day it was created (`createdOn`), or an earlier one once it is done for the date's period (a
 * back-filled completion). One visible that day but not counted yet is in `addedLater`. A habit
 * whose period rests (`rest`) and is not done is listed with why, and leaves the total and the
 * rate: a rest day neither counts for nor against the user. "Perfect Day" is judged by the same
 * counts (achievements.ts, isPerfectDay), so what Day Insights shows is what earns it.
 */
export function dayInsights<
  H extends Pick<HabitFacts, 'id' | 'frequency' | 'isRecurring' | 'specificDate' | 'createdOn'>,
>(options: {
  habits: readonly H[];
  completions: readonly CompletionFacts[];
  date: LocalDate;
  weekStart: WeekStart;
  rest?: RestFacts;
}): DayInsights<H> {
  const { date, weekStart } = options;
  const rest = options.rest ?? NO_REST_FACTS;
  const visible = options.habits.filter((habit) => isVisibleOn(habit, date, weekStart));
  // One pass over the completions (a year of them on the dashboard), looking only for the period
  // of `date` of each visible habit, rather than collecting every habit's every period.
  const wanted = new Map(
    visible.map((habit) => [habit.id, periodKey(date, habit.frequency, weekStart)]),
  );
  const done = new Set<string>();
  let xpEarned = 0;
  for (const completion of options.completions) {
    if (completion.completionDate === date) xpEarned += completion.xpEarned;
    if (wanted.get(completion.habitId) === completion.periodKey) done.add(completion.habitId);
  }
  const counts = (habit: H) => habit.createdOn <= date || done.has(habit.id);
  const scheduled = visible.filter(counts);
  const habitsForDay = scheduled.map((habit) => {
    const isCompleted = done.has(habit.id);
    return {
      habit,
      isCompleted,
      rest: isCompleted ? null : restKindOn(rest, habit, date, weekStart),
    };
  });
  const completedCount = habitsForDay.filter((entry) => entry.isCompleted).length;
  const restingCount = habitsForDay.filter((entry) => entry.rest !== null).length;
  const totalCount = habitsForDay.length - restingCount;
  return {
    completedCount,
    totalCount,
    restingCount,
    completionRate: completionRate(completedCount, totalCount),
    xpEarned,
    habitsForDay,
    addedLater: visible.filter((habit) => !counts(habit)),
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
