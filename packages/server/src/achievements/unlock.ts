/**
 * Unlocking achievements (core/achievements.ts) inside the transaction of the change that earns
 * them, behind the user's lock. The row's key (user, achievement) makes each unlock happen once:
 * a replayed or concurrent request finds it there and unlocks nothing.
 */
import { earnedAchievements, type AchievementFacts } from '@habitquest/core/achievements';
import { isGoalMet, isPerfectDay } from '@habitquest/core/achievements';
import {
  addDays,
  daysInMonth,
  formatLocalDate,
  parseLocalDate,
  type LocalDate,
} from '@habitquest/core/dates';
import type { HabitFacts } from '@habitquest/core/model';
import type { RestByHabit } from '@habitquest/core/rest';
import { periodKey, type WeekStart } from '@habitquest/core/periods';
import { and, between, count, eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { achievements, categories, completions, habits } from '../db/schema';
import { toCategoryFacts, toCompletionFacts, toHabitFacts } from '../analytics/to-facts';

/** Records what the facts earn and was not unlocked yet; answers the ids unlocked now. */
export async function unlockEarned(
  db: Database | Tx,
  options: { userId: string; facts: Partial<AchievementFacts>; now: Date },
): Promise<string[]> {
  const earned = earnedAchievements(options.facts);
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
 * The figures a completion can move, read in the transaction that made it: how many completions
 * there are, whether its day is now perfect, and whether its category's month met the target.
 * The level and the day streak are the caller's (they come with the new progress).
 */
export async function factsAfterCompletion(
  tx: Tx,
  options: {
    userId: string;
    habitId: string;
    date: LocalDate;
    weekStart: WeekStart;
    timeZone: string;
    /** The user's rest, read by the caller in this transaction. */
    rest: RestByHabit;
  },
): Promise<Pick<AchievementFacts, 'completions' | 'perfectDays' | 'goalsMet'>> {
  const { userId, date, weekStart } = options;
  const [counted] = await tx
    .select({ n: count() })
    .from(completions)
    .where(eq(completions.userId, userId));
  const habitRows = await tx.select().from(habits).where(eq(habits.userId, userId));
  // The completions of the periods that hold `date`, one per habit at most.
  const keys = habitRows.map((row) => periodKey(date, row.frequency, weekStart));
  const dayRows =
    habitRows.length === 0
      ? []
      : await tx
          .select()
          .from(completions)
          .where(
            and(eq(completions.userId, userId), inArray(completions.periodKey, [...new Set(keys)])),
          );
  const keyOf = new Map(habitRows.map((row, index) => [row.id, keys[index]]));
  const inPeriod = dayRows.filter((row) => keyOf.get(row.habitId) === row.periodKey);
  const habitFacts = habitRows.map((row) => {
    const facts = toHabitFacts(row, options.timeZone);
    // A habit back-filled before its creation day counts from its completion.
    const isDone = inPeriod.some((c) => c.habitId === row.id);
    return isDone && facts.createdOn > date ? { ...facts, createdOn: date } : facts;
  });
  const isPerfect = isPerfectDay({
    habits: habitFacts,
    completions: inPeriod.map(toCompletionFacts),
    date,
    weekStart,
    rest: options.rest,
  });
  return {
    completions: counted?.n ?? 0,
    perfectDays: isPerfect ? 1 : 0,
    goalsMet: (await isCategoryGoalMet(tx, { ...options, habitFacts })) ? 1 : 0,
  };
}

/** Whether the completed habit's category met its target in the month of `date`. */
async function isCategoryGoalMet(
  tx: Tx,
  options: { userId: string; habitId: string; date: LocalDate; habitFacts: HabitFacts[] },
): Promise<boolean> {
  const categoryId = options.habitFacts.find((h) => h.id === options.habitId)?.categoryId;
  if (!categoryId) return false;
  const [category] = await tx
    .select()
    .from(categories)
    .where(and(eq(categories.userId, options.userId), eq(categories.id, categoryId)));
  if (!category) return false;
  const { year, month } = parseLocalDate(options.date);
  const first = formatLocalDate(year, month, 1);
  const last = addDays(first, daysInMonth(year, month) - 1);
  const inMonth = await tx
    .select()
    .from(completions)
    .where(
      and(eq(completions.userId, options.userId), between(completions.completionDate, first, last)),
    );
  return isGoalMet({
    category: toCategoryFacts(category),
    habits: options.habitFacts,
    completions: inMonth.map(toCompletionFacts),
    date: options.date,
  });
}
