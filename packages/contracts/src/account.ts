/**
 * GET /api/account/size: how much of the server's storage the account takes, shown by the
 * settings dialog's storage health beside the browser's own usage (docs/decisions.md "storage health").
 */
import { z } from 'zod';

const zCount = z.int().min(0);

export const zAccountSize = z.object({
  habits: zCount,
  completions: zCount,
  categories: zCount,
  rewards: zCount,
  inventory: zCount,
  /** Ledger entries: one per completion, undo, redeem, import and reset. */
  ledger: zCount,
  /** Approximate bytes of the account's rows as the database stores them (without indexes). */
  bytes: zCount,
});
export type AccountSize = z.infer<typeof zAccountSize>;
