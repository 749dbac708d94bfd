import { achievementFacts, type AchievementFacts } from '@habitquest/core/achievements';
import { count, eq } from 'drizzle-orm';
import { loadAnalyticsFacts, loadCategoryFacts } from '../analytics/load-analytics-facts';
import type { Database } from '../db/client';
import { progress, purchasedRewards } from '../db/schema';

/**
 * Every achievement figure from the user's whole history (core's achievementFacts): what the
 * status window shows progress against, and what back-filling an account earns.
 */
export async function loadAchievementFacts(options: {
  db: Database;
  userId: string;
  now: Date;
}): Promise<AchievementFacts> {
  const { db, userId } = options;
  const [history, categoryFacts, [balances], [redeemed]] = await Promise.all([
    loadAnalyticsFacts(options),
    loadCategoryFacts(db, userId),
    db.select({ xp: progress.xp }).from(progress).where(eq(progress.userId, userId)),
    db.select({ n: count() }).from(purchasedRewards).where(eq(purchasedRewards.userId, userId)),
  ]);
  return achievementFacts({
    habits: history.habits,
    completions: history.completions,
    categories: categoryFacts,
    xp: balances?.xp ?? 0,
    redeemed: redeemed?.n ?? 0,
    today: history.today,
    weekStart: history.weekStart,
    rest: history.rest,
  });
}
