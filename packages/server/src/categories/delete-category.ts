import type { CategoryDeleteResult } from '@habitquest/contracts/categories';
import { ERROR_MESSAGES } from '@habitquest/contracts/errors';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { categories, habits } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { lockUser } from '../progress/ledger';
import { ensureFallbackCategory } from './ensure-fallback-category';

/**
 * DELETE /api/categories/:id: the category's habits move to the fallback category and the
 * category goes, in one transaction. Statistics are keyed by category id, so a category
 * re-created under the same name starts fresh (docs/product.md).
 */
export async function deleteCategory(options: {
  db: Database;
  userId: string;
  id: string;
}): Promise<CategoryDeleteResult & { movedHabitIds: string[] }> {
  const { db, userId, id } = options;
  return db.transaction(async (tx) => {
    // Serialises with the user's habit creates, which check that their category still exists.
    await lockUser(tx, userId);
    const where = and(eq(categories.id, id), eq(categories.userId, userId));
    const [target] = await tx
      .select({ isFallback: categories.isFallback })
      .from(categories)
      .where(where);
    if (!target) throw notFound();
    if (target.isFallback) throw new HttpError('CONFLICT', ERROR_MESSAGES.protectedCategory);
    const held = await tx
      .select({ id: habits.id })
      .from(habits)
      .where(and(eq(habits.userId, userId), eq(habits.categoryId, id)));
    const movedHabitIds = held.map((habit) => habit.id);
    // Deleting first frees the name, should the fallback have to be re-created under it.
    await tx.delete(categories).where(where);
    const fallbackId = await ensureFallbackCategory(tx, userId);
    if (movedHabitIds.length > 0) {
      await tx
        .update(habits)
        .set({ categoryId: fallbackId, updatedAt: new Date() })
        .where(and(eq(habits.userId, userId), inArray(habits.id, movedHabitIds)));
    }
    return { deleted: id, movedHabits: movedHabitIds.length, movedHabitIds };
  });
}
