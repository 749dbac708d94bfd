/**
 * Unlocking achievements (core/achievements.ts) inside the transaction of the change that earns
 * them, behind the user's lock. The row's key (user, achievement) makes each unlock happen once:
 * a replayed or concurrent request finds it there and unlocks nothing.
 */
import {
  ACHIEVEMENTS,
  earnedAchievements,
  isGoalMet,
  isPerfectDay,
  type AchievementFacts,
  type AchievementMetric,
} from '@habitquest/core/achievements';
import { localDateOf, type LocalDate } from '@habitquest/core/dates';
import type { RestByHabit } from '@habitquest/core/rest';
import { FREQUENCIES, periodKey, type WeekStart } from '@habitquest/core/periods';
import { firstDayOf } from '@habitquest/core/visibility';
import type { Database, Tx } from '../db/client';
import { achievements } from '../db/schema';
import { firstCompletionDays } from '../rest/day-rest';
import { toCategoryFacts, toCompletionFacts, toHabitFacts } from '../analytics/to-facts';

/**
 * Records what the facts earn and was not unlocked yet; answers the ids unlocked now. `unlocked`,
 * the ids already unlocked as read behind the user's lock, spares the insert when nothing is new
 * (a stale entry there only costs the insert, whose key still makes each unlock happen once).
 */
export async function unlockEarned(
  db: Database | Tx,
  options: {
    userId: string;
    facts: Partial<AchievementFacts>;
    now: Date;
    unlocked?: ReadonlySet<string>;
  },
): Promise<string[]> {
  const earned = earnedAchievements(options.facts).filter(
    (achievement) => options.unlocked?.has(achievement.id) !== true,
  );
  if (earned.length === 0) return [];
  const rows = await db
    .insert(achievements)
    .values(
      earned.map((achievement) => ({
        userId: options.userId,
        achievementId: achievement.id,
        unlockedAt: options.now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: achievements.achievementId });
  return rows.map((row) => row.id);
}

/**
 * The earliest completion before `date` of each habit created after it (in the user's zone) that
 * has one: such a completion moves the habit's first day before `date`, so it counts there
 * (factsAfterCompletion's `earlierFirstDays`). No query when every habit existed on `date`.
 */
export async function earlierFirstDays(
  db: Database | Tx,
  options: { userId: string; habits: readonly HabitRow[]; date: LocalDate; timeZone: string },
): Promise<Map<string, LocalDate>> {
  const later = options.habits
    .filter((row) => localDateOf(row.createdAt, options.timeZone) > options.date)
    .map((row) => row.id);
  return firstCompletionDays(db, { userId: options.userId, habitIds: later, before: options.date });
}

/**
 * The completion count only matters up to the highest completions target: counting stops there
 * (a count of every completion would read the user's whole history at each completion).
 */
export const COMPLETIONS_COUNT_CAP = Math.max(
  ...ACHIEVEMENTS.filter((achievement) => achievement.metric === 'completions').map(
    (achievement) => achievement.target,
  ),
);

/** What a completion's achievement facts read (the set-state statement's facts). */
export type FactReads = {
  /** The user's completions are counted up to this (0: not at all). */
  countCap: number;
  /** Whether the completions of the date's periods are read ("Perfect Day"). */
  day: boolean;
  /** Whether the completed habit's category and its month are read ("On Target"). */
  month: boolean;
};

/**
 * The reads a completion's facts need, once `unlocked` (the ids already unlocked) is known: the
 * count only up to the highest completions target still locked, the day only while "Perfect Day"
 * is locked, the month only while "On Target" is. A long-time user has them all, and each read
 * cost every completion up to a millisecond (docs/performance.md). A fact read less can only be
 * smaller (a count cut lower, no day or month read: not perfect, no goal), so it never earns
 * what the full read would not; what it no longer earns is unlocked already.
 */
export function factReads(unlocked: ReadonlySet<string> | undefined): FactReads {
  if (!unlocked) return { countCap: COMPLETIONS_COUNT_CAP, day: true, month: true };
  const lockedOf = (metric: AchievementMetric) =>
    ACHIEVEMENTS.filter((a) => a.metric === metric && !unlocked.has(a.id));
  return {
    countCap: Math.max(0, ...lockedOf('completions').map((achievement) => achievement.target)),
    day: lockedOf('perfectDays').length > 0,
    month: lockedOf('goalsMet').length > 0,
  };
}

/** The period keys of every frequency that hold `date`: its completions make or break its day. */
export function periodKeysOfDay(date: LocalDate, weekStart: WeekStart): string[] {
  return [...new Set(FREQUENCIES.map((frequency) => periodKey(date, frequency, weekStart)))];
}

type HabitRow = Parameters<typeof toHabitFacts>[0];
type CompletionRow = Parameters<typeof toCompletionFacts>[0];
type CategoryRow = Parameters<typeof toCategoryFacts>[0];

/**
 * The figures a completion can move, from rows read in the transaction that made it (after it):
 * how many completions there are, whether its day is now perfect, and whether its category's
 * month met the target. The level and the day streak are the caller's (they come with the new
 * progress).
 */
export function factsAfterCompletion(options: {
  habitId: string;
  date: LocalDate;
  weekStart: WeekStart;
  timeZone: string;
  rest: RestByHabit;
  /** The user's completions, counted up to COMPLETIONS_COUNT_CAP at least. */
  completions: number;
  /** Every habit of the user. */
  habits: readonly HabitRow[];
  /** The user's completions whose period key is one of periodKeysOfDay(date). */
  dayCompletions: readonly CompletionRow[];
  /** The completed habit's category, if it has one. */
  category: CategoryRow | null;
  /**
   * The user's completions in the month of `date` (read only when there is a category): those of
   * the category's habits at least; the goal counts no others.
   */
  monthCompletions: readonly CompletionRow[];
  /** earlierFirstDays' answer: completions that move a habit's first day before `date`. */
  earlierFirstDays?: ReadonlyMap<string, LocalDate>;
}): Pick<AchievementFacts, 'completions' | 'perfectDays' | 'goalsMet'> {
  const { date, weekStart } = options;
  // The completions of the periods that hold `date`, one per habit at most.
  const keyOf = new Map(
    options.habits.map((row) => [row.id, periodKey(date, row.frequency, weekStart)]),
  );
  const inPeriod = options.dayCompletions.filter((row) => keyOf.get(row.habitId) === row.periodKey);
  // A habit counts from its first day (core's firstDayOf), or where it is done (dayInsights).
  const habitFacts = options.habits.map((row) => {
    const facts = toHabitFacts(row, options.timeZone);
    const earlier = options.earlierFirstDays?.get(row.id);
    return earlier === undefined
      ? facts
      : { ...facts, createdOn: firstDayOf(facts.createdOn, [earlier]) };
  });
  const isPerfect = isPerfectDay({
    habits: habitFacts,
    completions: inPeriod.map(toCompletionFacts),
    date,
    weekStart,
    rest: options.rest,
  });
  const categoryId = habitFacts.find((h) => h.id === options.habitId)?.categoryId;
  const isMet =
    categoryId !== null &&
    categoryId !== undefined &&
    options.category !== null &&
    options.category.id === categoryId &&
    isGoalMet({
      category: toCategoryFacts(options.category),
      habits: habitFacts,
      completions: options.monthCompletions.map(toCompletionFacts),
      date,
    });
  return {
    completions: options.completions,
    perfectDays: isPerfect ? 1 : 0,
    goalsMet: isMet ? 1 : 0,
  };
}
