/**
 * The categories a new account starts with, and the protected fallback category that receives the
 * habits of a deleted category (docs/product.md, docs/decisions.md).
 */
import { compareText } from './compare';

export type CategorySeed = { name: string; color: string; monthlyTargetXp: number };

export const DEFAULT_CATEGORIES: readonly CategorySeed[] = [
  { name: 'CAREER', color: '#3b82f6', monthlyTargetXp: 500 },
  { name: 'CREATIVE', color: '#ec4899', monthlyTargetXp: 100 },
  { name: 'FINANCIAL', color: '#f59e0b', monthlyTargetXp: 150 },
  { name: 'HEALTH & FITNESS', color: '#10b981', monthlyTargetXp: 350 },
  { name: 'PERSONAL DEVELOPMENT', color: '#8b5cf6', monthlyTargetXp: 300 },
  { name: 'RELATIONSHIPS', color: '#ef4444', monthlyTargetXp: 100 },
  { name: 'SPIRITUAL', color: '#06b6d4', monthlyTargetXp: 300 },
];

export const FALLBACK_CATEGORY: CategorySeed = {
  name: 'UNCATEGORIZED HABITS',
  color: '#6B7280',
  monthlyTargetXp: 100,
};

/** Category names are trimmed and stored uppercase, so "health" and "HEALTH " are one category. */
export function normalizeCategoryName(name: string): string {
  return name.trim().toUpperCase();
}

/**
 * The order categories are listed in: by name, then by id. Names compare by their UTF-16 code
 * units, not by a locale, so every device agrees on it.
 */
export function compareCategories(
  a: { name: string; id: string },
  b: { name: string; id: string },
): number {
  return compareText(a.name, b.name) || compareText(a.id, b.id);
}
