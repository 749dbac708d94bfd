import type { AchievementList } from '@habitquest/contracts/achievements';
import { achievementStates } from '@habitquest/core/achievements';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { achievements } from '../db/schema';
import { lockUser } from '../progress/ledger';
import { loadAchievementFacts } from './load-facts';
import { unlockEarned } from './unlock';

/**
 * GET /api/achievements: the catalogue with the user's unlocks and progress. It first records
 * whatever the whole history already earns and no change unlocked: an account from before
 * achievements existed, an import, a target lowered. Answers the list and the ids unlocked now.
 */
export async function listAchievements(options: {
  db: Database;
  userId: string;
  now: Date;
}): Promise<{ list: AchievementList; unlocked: string[] }> {
  const { db, userId, now } = options;
  const facts = await loadAchievementFacts(options);
  const unlocked = await db.transaction(async (tx) => {
    // Behind the user's lock, like every change: an unlock is never recorded twice.
    await lockUser(tx, userId);
    return unlockEarned(tx, { userId, facts, now });
  });
  const rows = await db
    .select({ id: achievements.achievementId, at: achievements.unlockedAt })
    .from(achievements)
    .where(eq(achievements.userId, userId));
  const unlockedAt = new Map(rows.map((row) => [row.id, row.at.toISOString()]));
  const list = achievementStates(facts, unlockedAt).map(
    ({ id, title, condition, icon, unlockedAt: at, progress }) => ({
      id,
      title,
      condition,
      icon,
      unlockedAt: at,
      progress,
    }),
  );
  return { list: { achievements: list }, unlocked };
}
