import {
  FALLBACK_RENAME_MESSAGE,
  type Category,
  type CategoryUpdate,
} from '@habitquest/contracts/categories';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { categories } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { assertNameFree, mapDuplicateName } from './assert-name-free';
import { toCategory } from './to-category';

/** PATCH /api/categories/:id: name, colour or monthly target. */
export async function updateCategory(options: {
  db: Database;
  userId: string;
  id: string;
  patch: CategoryUpdate;
}): Promise<Category> {
  const { db, userId, id, patch } = options;
  const where = and(eq(categories.id, id), eq(categories.userId, userId));
  const [current] = await db.select().from(categories).where(where);
  if (!current) throw notFound();
  const isRename = patch.name !== undefined && patch.name !== current.name;
  if (isRename && current.isFallback) throw new HttpError('CONFLICT', FALLBACK_RENAME_MESSAGE);
  if (isRename && patch.name !== undefined) {
    await assertNameFree(db, { userId, name: patch.name, exceptId: id });
  }
  try {
    const [row] = await db
      .update(categories)
      .set({ name: patch.name, color: patch.color, monthlyTargetXp: patch.monthlyTargetXp })
      .where(where)
      .returning();
    // Deleted between the read and the write.
    if (!row) throw notFound();
    return toCategory(row);
  } catch (error) {
    throw mapDuplicateName(error, patch.name);
  }
}
