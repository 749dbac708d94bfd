import {
  FALLBACK_RENAME_MESSAGE,
  type Category,
  type CategoryUpdate,
} from '@habitquest/contracts/categories';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { categories } from '../db/schema';
import { lockUser } from '../progress/ledger';
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
  // Behind the user's lock, as every other change of their categories: the write moves their data
  // revision (progress row), so taking that lock first keeps the order of locks one way.
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [current] = await tx.select().from(categories).where(where);
    if (!current) throw notFound();
    const isRename = patch.name !== undefined && patch.name !== current.name;
    if (isRename && current.isFallback) throw new HttpError('CONFLICT', FALLBACK_RENAME_MESSAGE);
    if (isRename && patch.name !== undefined) {
      await assertNameFree(tx, { userId, name: patch.name, exceptId: id });
    }
    try {
      const [row] = await tx
        .update(categories)
        .set({ name: patch.name, color: patch.color, monthlyTargetXp: patch.monthlyTargetXp })
        .where(where)
        .returning();
      if (!row) throw notFound();
      return toCategory(row);
    } catch (error) {
      throw mapDuplicateName(error, patch.name);
    }
  });
}
