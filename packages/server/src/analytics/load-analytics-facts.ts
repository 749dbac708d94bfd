import type { AnalyticsFacts } from '@habitquest/core/analytics/tally';
import type { CategoryFacts, PurchaseFacts } from '@habitquest/core/model';
import { localDateOf, type LocalDate } from '@habitquest/core/dates';
import { firstDayOf } from '@habitquest/core/visibility';
import { asc, eq } from 'drizzle-orm';
import { user } from '../db/auth-schema';
import type { Database } from '../db/client';
import { categories, completions, habits, purchasedRewards } from '../db/schema';
import { loadRest } from '../rest/load-rest';
import { loadSettings, todayFor } from '../settings/load-settings';
import { toCategoryFacts, toCompletionFacts, toHabitFacts, toPurchaseFacts } from './to-facts';

export type UserFacts = AnalyticsFacts & { timeZone: string };

/**
 * The user's habits and every completion, with today and the week start from their settings. All
 * completions are loaded: the all-time XP and the streaks need history, and a user's completions
 * are a few thousand rows at most.
 */
export async function loadAnalyticsFacts(options: {
  db: Database;
  userId: string;
  now: Date;
}): Promise<UserFacts> {
  const { db, userId } = options;
  const settings = await loadSettings(db, userId);
  const [habitRows, completionRows, rest] = await Promise.all([
    db.select().from(habits).where(eq(habits.userId, userId)).orderBy(asc(habits.createdAt)),
    db
      .select()
      .from(completions)
      .where(eq(completions.userId, userId))
      .orderBy(asc(completions.completionDate)),
    loadRest(db, userId),
  ]);
  // A habit counts from its first day: the day it was created, or an earlier day the user
  // back-filled a completion for (completions are ordered by date, so the first one is earliest).
  const firstCompletion = new Map<string, string>();
  for (const row of completionRows) {
    if (!firstCompletion.has(row.habitId)) firstCompletion.set(row.habitId, row.completionDate);
  }
  return {
    habits: habitRows.map((row) => {
      const facts = toHabitFacts(row, settings.timeZone);
      const first = firstCompletion.get(row.id);
      return {
        ...facts,
        createdOn: firstDayOf(facts.createdOn, first === undefined ? [] : [first]),
      };
    }),
    completions: completionRows.map(toCompletionFacts),
    today: todayFor(settings, options.now),
    weekStart: settings.weekStart,
    timeZone: settings.timeZone,
    rest,
  };
}

/** The user's categories (the fallback one included: its habits count like any other). */
export async function loadCategoryFacts(db: Database, userId: string): Promise<CategoryFacts[]> {
  const rows = await db.select().from(categories).where(eq(categories.userId, userId));
  return rows.map(toCategoryFacts);
}

/** The user's redeemed rewards, dated in their time zone. */
export async function loadPurchaseFacts(
  db: Database,
  userId: string,
  timeZone: string,
): Promise<PurchaseFacts[]> {
  const rows = await db
    .select({ rewardCost: purchasedRewards.rewardCost, purchasedAt: purchasedRewards.purchasedAt })
    .from(purchasedRewards)
    .where(eq(purchasedRewards.userId, userId));
  return rows.map((row) => toPurchaseFacts(row, timeZone));
}

/**
 * What the account's first year is worked out from besides its habits and completions (core's
 * firstYearOf): its redeemed rewards and the day it was created, in the user's zone. The year and
 * month navigation of the analytics stops there.
 */
export async function loadFirstYearFacts(
  db: Database,
  userId: string,
  timeZone: string,
): Promise<{ purchases: PurchaseFacts[]; accountCreatedOn?: LocalDate }> {
  const [purchases, [account]] = await Promise.all([
    loadPurchaseFacts(db, userId, timeZone),
    db.select({ createdAt: user.createdAt }).from(user).where(eq(user.id, userId)),
  ]);
  return account
    ? { purchases, accountCreatedOn: localDateOf(account.createdAt, timeZone) }
    : { purchases };
}
