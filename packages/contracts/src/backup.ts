/**
 * Export, import and reset requests (DESIGN §4, spec §5). The backup file itself is checked by
 * core's backup module; here it is only carried.
 */
import { z } from 'zod';

export const IMPORT_MODES = ['replace', 'merge'] as const;
export const zImportMode = z.enum(IMPORT_MODES);
export type ImportMode = z.infer<typeof zImportMode>;

/** Spec §5, verbatim: the confirmation the UI asks before a reset. */
export const RESET_CONFIRM_TEXT =
  'Are you sure you want to reset all data? This action cannot be undone.';

export const zImportRequest = z.strictObject({
  /** Replace is the default (spec §4). */
  mode: zImportMode.default('replace'),
  data: z.unknown().refine((data) => data !== undefined, 'data is required: the backup to import'),
});
export type ImportRequest = z.infer<typeof zImportRequest>;

const zCount = z.int().min(0);

/**
 * What an import brought in. Points and XP are the backup's own amounts: added to the balance by
 * a merge, the new balance after a replace; a backup may carry a negative balance.
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

/** The body must say yes in so many words: a reset cannot be undone. */
export const zResetRequest = z.strictObject({ confirm: z.literal(true) });
export type ResetRequest = z.infer<typeof zResetRequest>;
