import { eq } from 'drizzle-orm';
import type { Category, CategoryCreate } from '@habitquest/contracts/categories';
import type { Database } from '../db/client';
import { ownClientMade } from '../db/client-made-id';
import { categories } from '../db/schema';
import { enforceLimit } from '../plan/enforce-limit';
import { lockUser } from '../progress/ledger';
import { assertNameFree, mapDuplicateName } from './assert-name-free';
import { toCategory } from './to-category';

/** POST /api/categories: a new category, within the free plan's limit. */
export async function createCategory(options: {
  db: Database;
  userId: string;
  input: CategoryCreate;
}): Promise<Category> {
  const { db, userId, input } = options;
  try {
    return await db.transaction(async (tx) => {
      // The lock serialises the user's creates, so parallel requests cannot both pass the limit.
      await lockUser(tx, userId);
      const existing = ownClientMade(
        input.id === undefined
          ? []
          : await tx.select().from(categories).where(eq(categories.id, input.id)),
        userId,
      );
      if (existing) return toCategory(existing);
      await enforceLimit(tx, userId, 'categories');
      await assertNameFree(tx, { userId, name: input.name });
      const [row] = await tx
        .insert(categories)
        .values({ userId, ...input })
        .returning();
      if (!row) throw new Error('category insert returned no row');
      return toCategory(row);
    });
  } catch (error) {
    throw mapDuplicateName(error, input.name);
  }
}
