/**
 * Achievements (docs/product.md "Achievements"): a fixed catalogue, each earned once when a figure
 * of the user's history reaches its target. The server records the unlock, with its moment, in the
 * same transaction as the change that earns it; the web shows the catalogue with the progress
 * toward each locked one. Everything here is derived from plain facts, so the figures the server
 * checks at a change and the ones it back-fills from a whole history are the same rule.
 */
import { parseLocalDate, type LocalDate } from './dates';
import { levelForXp } from './levels';
import type { CategoryFacts, CompletionFacts, HabitFacts } from './model';
import { FREQUENCIES, periodKey } from './periods';
import { categoryXpForMonth, dayInsights, goalProgress } from './stats';
import { dayStreakRestDays, restingFrom, restOfHabit, type RestByHabit } from './rest';
import { dayStreaks } from './streaks';

/** The figures achievements are earned on. */
export type AchievementFacts = {
  /** Habits the user has now. */
  habits: number;
  /** Completions the user has now (an undone one no longer counts). */
  completions: number;
  /** The longest run of consecutive days with a completion. */
  dayStreak: number;
  level: number;
  /** Rewards redeemed, ever. */
  redeemed: number;
  /** Days on which every habit scheduled (at least one) was done. */
  perfectDays: number;
  /** Months in which a category's monthly XP target was met (counted per category and month). */
  goalsMet: number;
};

export type AchievementMetric = keyof AchievementFacts;

export type Achievement = {
  id: string;
  title: string;
  /** What earns it, as the locked card says. */
  condition: string;
  metric: AchievementMetric;
  target: number;
  /** A lucide icon name the web draws. */
  icon: string;
};

function streak(days: number): Achievement {
  return {
    id: `streak-${String(days)}`,
    title: `${String(days)}-Day Streak`,
    condition: `Complete a habit ${String(days)} days in a row`,
    metric: 'dayStreak',
    target: days,
    icon: 'flame',
  };
}

function level(value: number): Achievement {
  return {
    id: `level-${String(value)}`,
    title: `Level ${String(value)}`,
    condition: `Reach level ${String(value)}`,
    metric: 'level',
    target: value,
    icon: 'star',
  };
}

function completions(count: number, title: string): Achievement {
  return {
    id: `completions-${String(count)}`,
    title,
    condition: `Complete habits ${count.toLocaleString('en-US')} times`,
    metric: 'completions',
    target: count,
    icon: 'check-circle',
  };
}

/** The catalogue, in the order the status window lists it. */
export const ACHIEVEMENTS: readonly Achievement[] = [
  {
    id: 'first-habit',
    title: 'First Step',
    condition: 'Create your first habit',
    metric: 'habits',
    target: 1,
    icon: 'sprout',
  },
  {
    id: 'first-completion',
    title: 'Quest Begun',
    condition: 'Complete a habit for the first time',
    metric: 'completions',
    target: 1,
    icon: 'check',
  },
  streak(3),
  streak(7),
  streak(30),
  streak(100),
  streak(365),
  level(5),
  level(10),
  level(25),
  level(50),
  completions(10, 'Getting Going'),
  completions(100, 'Centurion'),
  completions(1000, 'Habit Master'),
  {
    id: 'first-reward',
    title: 'Treat Yourself',
    condition: 'Redeem your first reward',
    metric: 'redeemed',
    target: 1,
    icon: 'gift',
  },
  {
    id: 'perfect-day',
    title: 'Perfect Day',
    condition: 'Do every habit scheduled on a day',
    metric: 'perfectDays',
    target: 1,
    icon: 'sun',
  },
  {
    id: 'goal-met',
    title: 'On Target',
    condition: "Meet a category's monthly XP target",
    metric: 'goalsMet',
    target: 1,
    icon: 'target',
  },
];

const BY_ID = new Map(ACHIEVEMENTS.map((achievement) => [achievement.id, achievement]));

export function achievementById(id: string): Achievement | undefined {
  return BY_ID.get(id);
}

/**
 * The achievements the facts earn. Facts left out are not judged: a change passes only the
 * figures it can move (a completion its counts, streak, level, day and month).
 */
export function earnedAchievements(facts: Partial<AchievementFacts>): Achievement[] {
  return ACHIEVEMENTS.filter((achievement) => {
    const value = facts[achievement.metric];
    return value !== undefined && value >= achievement.target;
  });
}

export type AchievementState = Achievement & {
  /** When it was unlocked (ISO instant), or null while locked. */
  unlockedAt: string | null;
  /** Toward the target; `current` never exceeds it. */
  progress: { current: number; target: number };
};

/** The whole catalogue with what is unlocked and how far each locked one is. */
export function achievementStates(
  facts: AchievementFacts,
  unlocked: ReadonlyMap<string, string>,
): AchievementState[] {
  return ACHIEVEMENTS.map((achievement) => {
    const unlockedAt = unlocked.get(achievement.id) ?? null;
    const reached = unlockedAt === null ? facts[achievement.metric] : achievement.target;
    return {
      ...achievement,
      unlockedAt,
      progress: {
        current: Math.max(0, Math.min(achievement.target, reached)),
        target: achievement.target,
      },
    };
  });
}

/** Whether every habit scheduled on `date` (at least one) is done for its period. */
export function isPerfectDay(options: {
  habits: readonly HabitFacts[];
  completions: readonly CompletionFacts[];
  date: LocalDate;
  weekStart: Parameters<typeof dayInsights>[0]['weekStart'];
  /** A resting habit (skipped, paused, on vacation) is not due: the day can be perfect without it. */
  rest?: RestByHabit;
}): boolean {
  const day = dayInsights(options);
  return day.totalCount > 0 && day.completedCount === day.totalCount;
}

/**
 * The highest day-streak target not yet unlocked, or 0 when every one is: how far around a
 * back-filled day a run must be looked at to earn one (a run of that length through the day lies
 * within that many days of it, either side).
 */
export function lockedStreakReach(unlocked: ReadonlySet<string>): number {
  return Math.max(
    0,
    ...ACHIEVEMENTS.filter(
      (achievement) => achievement.metric === 'dayStreak' && !unlocked.has(achievement.id),
    ).map((achievement) => achievement.target),
  );
}

/** Whether a category's target was met in the month holding `date`. */
export function isGoalMet(options: {
  category: CategoryFacts;
  habits: readonly HabitFacts[];
  completions: readonly CompletionFacts[];
  date: LocalDate;
}): boolean {
  const { year, month } = parseLocalDate(options.date);
  const xp = categoryXpForMonth({
    categoryId: options.category.id,
    habits: options.habits,
    completions: options.completions,
    year,
    month,
  });
  return isGoalMetBy(xp, options.category);
}

/** Whether a month's XP in a category meets its target (something earned, and enough of it). */
function isGoalMetBy(xp: number, category: Pick<CategoryFacts, 'monthlyTargetXp'>): boolean {
  return xp > 0 && goalProgress(xp, category.monthlyTargetXp).isMet;
}

/**
 * Every figure from a whole history: what back-filling an account (one from before achievements,
 * or an import) earns. Only days and months with a completion can be perfect or meet a goal.
 */
export function achievementFacts(options: {
  habits: readonly HabitFacts[];
  completions: readonly CompletionFacts[];
  categories: readonly CategoryFacts[];
  xp: number;
  redeemed: number;
  today: LocalDate;
  weekStart: Parameters<typeof dayInsights>[0]['weekStart'];
  rest?: RestByHabit;
}): AchievementFacts {
  const { habits, completions: done, categories, weekStart, rest } = options;
  const days = [...new Set(done.map((completion) => completion.completionDate))];
  const firstCompleted = new Map<string, LocalDate>();
  for (const { habitId, completionDate } of done) {
    const first = firstCompleted.get(habitId);
    if (first === undefined || completionDate < first) firstCompleted.set(habitId, completionDate);
  }
  // Each day is judged by isPerfectDay, the rule Day Insights shows, over only the completions
  // of the periods that hold it (its day, week, month and year): a day's judgement reads none of
  // the rest, and reading every completion for every day made this days × completions, seconds
  // of a blocked server for a long history.
  const byPeriod = new Map<string, CompletionFacts[]>();
  for (const completion of done) {
    const group = byPeriod.get(completion.periodKey);
    if (group) group.push(completion);
    else byPeriod.set(completion.periodKey, [completion]);
  }
  const perfectDays = days.filter((date) => {
    const keys = new Set(FREQUENCIES.map((frequency) => periodKey(date, frequency, weekStart)));
    const completions = [...keys].flatMap((key) => byPeriod.get(key) ?? []);
    return isPerfectDay({ habits, completions, date, weekStart, rest });
  }).length;
  // A category's XP of each month, in one pass (categoryXpForMonth's sum, for every month).
  const categoryOf = new Map(habits.map((habit) => [habit.id, habit.categoryId]));
  const monthXp = new Map<string, number>();
  for (const completion of done) {
    const categoryId = categoryOf.get(completion.habitId);
    if (categoryId === undefined || categoryId === null) continue;
    const key = `${categoryId}\u0000${completion.completionDate.slice(0, 7)}`;
    monthXp.set(key, (monthXp.get(key) ?? 0) + completion.xpEarned);
  }
  const months = new Set(days.map((day) => day.slice(0, 7)));
  let goalsMet = 0;
  for (const category of categories) {
    for (const month of months) {
      if (isGoalMetBy(monthXp.get(`${category.id}\u0000${month}`) ?? 0, category)) goalsMet += 1;
    }
  }
  return {
    habits: habits.length,
    completions: done.length,
    dayStreak: dayStreaks({
      dates: days,
      today: options.today,
      restDays: rest
        ? dayStreakRestDays({
            vacations: rest.vacations,
            habits: habits.map((habit) => ({
              ...habit,
              createdOn: restingFrom(habit.createdOn, {
                firstCompletedOn: firstCompleted.get(habit.id),
                skips: rest.skips.get(habit.id),
                pauses: rest.pauses.get(habit.id),
              }),
              rest: restOfHabit(rest, habit.id),
            })),
            today: options.today,
            weekStart,
          })
        : [],
    }).best,
    level: levelForXp(options.xp),
    redeemed: options.redeemed,
    perfectDays,
    goalsMet,
  };
}
