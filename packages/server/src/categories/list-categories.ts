import type { Category } from '@habitquest/contracts/categories';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { categories } from '../db/schema';
import { toCategory } from './to-category';

/** GET /api/categories: the user's categories ordered by name (docs/product.md). */
export async function listCategories(options: {
  db: Database;
  userId: string;
}): Promise<Category[]> {
  const { db, userId } = options;
  const rows = await db
    .select()
    .from(categories)
    .where(eq(categories.userId, userId))
    .orderBy(asc(categories.name), asc(categories.id));
  return rows.map(toCategory);
}
