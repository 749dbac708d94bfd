import { ERROR_MESSAGES } from '@habitquest/contracts/errors';
import { FALLBACK_CATEGORY } from '@habitquest/core/categories';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { categories } from '../db/schema';
import { HttpError } from '../http/errors';

/**
 * The id of the user's fallback category, created when it is missing (an import or an old
 * account may lack it). A row already holding the fallback's name is adopted rather than
 * duplicated, since names are unique per user.
 */
export async function ensureFallbackCategory(tx: Tx, userId: string): Promise<string> {
  const [existing] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.userId, userId), eq(categories.isFallback, true)))
    .orderBy(asc(categories.createdAt))
    .limit(1);
  if (existing) return existing.id;
  try {
    // A savepoint, so a failed insert leaves the caller's transaction usable for its rollback.
    return await tx.transaction(async (savepoint) => {
      const [row] = await savepoint
        .insert(categories)
        .values({ userId, ...FALLBACK_CATEGORY, isFallback: true })
        .onConflictDoUpdate({
          target: [categories.userId, categories.name],
          set: { isFallback: true },
        })
        .returning({ id: categories.id });
      if (!row) throw new Error('fallback category insert returned no row');
      return row.id;
    });
  } catch (error) {
    const failure = new HttpError('INTERNAL', ERROR_MESSAGES.fallbackCategoryMissing);
    failure.cause = error;
    throw failure;
  }
}
