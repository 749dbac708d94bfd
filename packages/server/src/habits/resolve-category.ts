import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { categories } from '../db/schema';
import { ensureFallbackCategory } from '../categories/ensure-fallback-category';
import { HttpError } from '../http/errors';

export const CATEGORY_NOT_FOUND = 'Category not found';

/**
 * The category a habit goes into: the one asked for (it must be the user's own), or by default
 * the first category by name, as the create dialog preselects it (docs/product.md); with none left, the
 * fallback category.
 */
export async function resolveCategory(
  tx: Tx,
  userId: string,
  categoryId: string | null,
): Promise<string> {
  if (categoryId !== null) {
    const [own] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.userId, userId), eq(categories.id, categoryId)));
    if (!own)
      throw new HttpError('VALIDATION', CATEGORY_NOT_FOUND, {
        issues: [{ path: 'categoryId', message: CATEGORY_NOT_FOUND }],
      });
    return own.id;
  }
  const [first] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.userId, userId), eq(categories.isFallback, false)))
    .orderBy(asc(categories.name))
    .limit(1);
  if (first) return first.id;
  return ensureFallbackCategory(tx, userId);
}
