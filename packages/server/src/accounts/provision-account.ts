/**
 * What a new account starts with: settings, a progress row, the seven default categories and the
 * protected fallback category. Idempotent, so it can run again safely if a first run was cut short.
 */
import { DEFAULT_CATEGORIES, FALLBACK_CATEGORY } from '@habitquest/core/categories';
import { DEFAULT_SETTINGS } from '@habitquest/contracts/settings';
import type { Database } from '../db/client';
import { categories, progress, userSettings } from '../db/schema';

export async function provisionAccount(options: { db: Database; userId: string }): Promise<void> {
  const { db, userId } = options;
  await db.transaction(async (tx) => {
    await tx
      .insert(userSettings)
      .values({ userId, settings: DEFAULT_SETTINGS })
      .onConflictDoNothing();
    const [created] = await tx
      .insert(progress)
      .values({ userId })
      .onConflictDoNothing()
      .returning();
    // Only the run that created the progress row seeds categories: a user who later deleted a
    // default category must not get it back.
    if (!created) return;
    await tx
      .insert(categories)
      .values([
        ...DEFAULT_CATEGORIES.map((seed) => ({ userId, ...seed })),
        { userId, ...FALLBACK_CATEGORY, isFallback: true },
      ])
      .onConflictDoNothing();
  });
}
