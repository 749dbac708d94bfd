import type { Category } from '@habitquest/contracts/categories';
import type { categories } from '../db/schema';

type CategoryRow = typeof categories.$inferSelect;

/** The wire's Category from its stored row. */
export function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    monthlyTargetXp: row.monthlyTargetXp,
    isFallback: row.isFallback,
    createdAt: row.createdAt.toISOString(),
  };
}
