/**
 * Categories on the wire (DESIGN §5, spec §5): names are stored uppercase, each has a monthly
 * XP target, and one protected fallback category catches the habits of deleted ones.
 */
import { z } from 'zod';
import {
  hasAnyField,
  NOTHING_TO_UPDATE,
  zHexColor,
  zId,
  zInstant,
  zIntBetween,
  zName,
} from './common';

export const DEFAULT_CATEGORY_COLOR = '#6366f1';
export const DEFAULT_MONTHLY_TARGET_XP = 200;
export const CATEGORY_NAME_MAX = 50;
export const MONTHLY_TARGET_MAX = 10_000;

/** Trimmed, not blank, stored uppercase (spec §5) so "Health" and "HEALTH" are one name. */
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

/** The create dialog asks for a target of 1–10000 (spec §5). */
export const zCategoryCreate = z.strictObject({
  name: zCategoryName,
  color: zHexColor.default(DEFAULT_CATEGORY_COLOR),
  monthlyTargetXp: zIntBetween(1, MONTHLY_TARGET_MAX).default(DEFAULT_MONTHLY_TARGET_XP),
});
export type CategoryCreate = z.infer<typeof zCategoryCreate>;

/** Elsewhere the target may be 0 (spec §5: an empty target input counts as 0). */
/** Spec §5 "duplicates ignored": the API says why instead of ignoring silently. */
export function duplicateCategoryMessage(name: string): string {
  return `A category named "${name}" already exists.`;
}

/** The fallback's name is the system's: habits of deleted categories are found under it. */
export const FALLBACK_RENAME_MESSAGE = 'The uncategorized category cannot be renamed.';

export const zCategoryUpdate = z
  .strictObject({
    name: zCategoryName.optional(),
    color: zHexColor.optional(),
    monthlyTargetXp: zIntBetween(0, MONTHLY_TARGET_MAX).optional(),
  })
  .refine(hasAnyField, NOTHING_TO_UPDATE);
export type CategoryUpdate = z.infer<typeof zCategoryUpdate>;

/** DELETE /api/categories/:id: the habits it held moved to the fallback category. */
export const zCategoryDeleteResult = z.object({
  deleted: zId,
  movedHabits: z.int().min(0),
});
export type CategoryDeleteResult = z.infer<typeof zCategoryDeleteResult>;
