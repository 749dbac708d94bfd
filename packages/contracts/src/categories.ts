/**
 * Categories on the wire (docs/ARCHITECTURE.md, docs/product.md): names are stored uppercase, each has a monthly
 * XP target, and one protected fallback category catches the habits of deleted ones.
 */
import { z } from 'zod';
import {
  zClientMadeId,
  hasAnyField,
  NOTHING_TO_UPDATE,
  zHexColor,
  zId,
  zInstant,
  zIntBetween,
  zName,
} from './common';
import { MONTHLY_TARGET_CREATE_MIN, MONTHLY_TARGET_MAX, MONTHLY_TARGET_MIN } from './bounds';

export { MONTHLY_TARGET_CREATE_MIN, MONTHLY_TARGET_MAX, MONTHLY_TARGET_MIN };

export const DEFAULT_CATEGORY_COLOR = '#6366f1';
export const DEFAULT_MONTHLY_TARGET_XP = 200;
export const CATEGORY_NAME_MAX = 50;

/** Trimmed, not blank, stored uppercase (docs/product.md) so "Health" and "HEALTH" are one name. */
const zCategoryName = zName('Category name', CATEGORY_NAME_MAX).toUpperCase();

export const zCategory = z.object({
  id: zId,
  name: z.string(),
  color: zHexColor,
  monthlyTargetXp: z.int().min(0),
  /** The protected UNCATEGORIZED HABITS category, which cannot be deleted. */
  isFallback: z.boolean(),
  createdAt: zInstant,
});
export type Category = z.infer<typeof zCategory>;

/** The create dialog asks for a target of 1–10000 (docs/product.md). */
export const zCategoryCreate = z.strictObject({
  id: zClientMadeId,
  name: zCategoryName,
  color: zHexColor.default(DEFAULT_CATEGORY_COLOR),
  monthlyTargetXp: zIntBetween(MONTHLY_TARGET_CREATE_MIN, MONTHLY_TARGET_MAX).default(
    DEFAULT_MONTHLY_TARGET_XP,
  ),
});
export type CategoryCreate = z.infer<typeof zCategoryCreate>;

/** Elsewhere the target may be 0 (docs/product.md: an empty target input counts as 0). */
/** docs/product.md "duplicates ignored": the API says why instead of ignoring silently. */
export function duplicateCategoryMessage(name: string): string {
  return `A category named "${name}" already exists.`;
}

/** The fallback's name is the system's: habits of deleted categories are found under it. */
export const FALLBACK_RENAME_MESSAGE = 'The uncategorized category cannot be renamed.';

export const zCategoryUpdate = z
  .strictObject({
    name: zCategoryName.optional(),
    color: zHexColor.optional(),
    monthlyTargetXp: zIntBetween(MONTHLY_TARGET_MIN, MONTHLY_TARGET_MAX).optional(),
  })
  .refine(hasAnyField, NOTHING_TO_UPDATE);
export type CategoryUpdate = z.infer<typeof zCategoryUpdate>;

/** DELETE /api/categories/:id: the habits it held moved to the fallback category. */
export const zCategoryDeleteResult = z.object({
  deleted: zId,
  movedHabits: z.int().min(0),
});
export type CategoryDeleteResult = z.infer<typeof zCategoryDeleteResult>;
