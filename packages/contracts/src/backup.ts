/**
 * Export, import and reset requests (docs/decisions.md, docs/product.md). The backup file itself is checked by
 * core's backup module; here it is only carried.
 */
import { z } from 'zod';

export const IMPORT_MODES = ['replace', 'merge'] as const;
export const zImportMode = z.enum(IMPORT_MODES);
export type ImportMode = z.infer<typeof zImportMode>;

/** docs/product.md, verbatim: the confirmation the UI asks before a reset. */
export const RESET_CONFIRM_TEXT =
  'Are you sure you want to reset all data? This action cannot be undone.';

export const zImportRequest = z.strictObject({
  /** Replace is the default (docs/product.md). */
  mode: zImportMode.default('replace'),
  data: z.unknown().refine((data) => data !== undefined, 'data is required: the backup to import'),
});
export type ImportRequest = z.infer<typeof zImportRequest>;

const zCount = z.int().min(0);

/**
 * What an import brought in. After a replace: the file's totals, and points and XP are the new
 * balances (a backup may carry a negative one). After a merge: what was added, and points and XP
 * are what the merged-in data actually added to the balances — the XP and points of the
 * completions that were new, points less the cost of the new inventory items — never the
 * backup's own balances, which would count twice what both sides already share.
 */
export const zImportSummary = z.object({
  habits: zCount,
  categories: zCount,
  rewards: zCount,
  inventory: zCount,
  completions: zCount,
  points: z.int(),
  xp: z.int(),
});
export type ImportSummary = z.infer<typeof zImportSummary>;

/** The answer to POST /api/import: what changed, and the file's warnings (checksum, counts). */
export const zImportResult = z.object({ summary: zImportSummary, warnings: z.array(z.string()) });
export type ImportResult = z.infer<typeof zImportResult>;

/** The body must say yes in so many words: a reset cannot be undone. */
export const zResetRequest = z.strictObject({ confirm: z.literal(true) });
export type ResetRequest = z.infer<typeof zResetRequest>;

/** The answer to POST /api/reset; the data itself is refetched after the 'resync' event. */
export const zResetResult = z.object({ ok: z.literal(true) });
export type ResetResult = z.infer<typeof zResetResult>;
