/**
 * GET /api/me and PATCH /api/profile: who the user is, their plan, progress and settings.
 */
import { z } from 'zod';
import { zUsername } from './auth';
import { zIntBetween } from './common';
import { zVacation } from './rest';
import { zSettings } from './settings';

const zCount = z.int().min(0);

/** Level and balances (docs/decisions.md). Points may be negative after an undo that followed a spend. */
export const zProgress = z.object({
  level: z.int().min(1),
  xp: zCount,
  points: z.int(),
  /** Day streak: consecutive days with at least one completion. */
  streak: zCount,
  xpIntoLevel: zCount,
  xpForNextLevel: z.int().min(1),
  percent: zIntBetween(0, 100),
  /** Set on the answer of a change that raised the level, so the UI can celebrate. */
  leveledUp: z.boolean().optional(),
});
export type Progress = z.infer<typeof zProgress>;

const zResourceCounts = z.object({ habits: zCount, categories: zCount, rewards: zCount });

export const zPlan = z.object({
  isPro: z.boolean(),
  /** null for Pro: unlimited. */
  limits: zResourceCounts.nullable(),
  counts: zResourceCounts,
});
export type Plan = z.infer<typeof zPlan>;

export const zMe = z.object({
  user: z.object({
    /** Auth's own id; not promised to be a UUID. */
    id: z.string().min(1),
    email: z.string(),
    /** null only for an account made without one whose name and e-mail gave no free one. */
    username: z.string().nullable(),
  }),
  plan: zPlan,
  progress: zProgress,
  settings: zSettings,
  /** Vacation mode now or ahead (docs/product.md, "Rest days"); null when none is planned. */
  vacation: zVacation.nullable(),
});
export type Me = z.infer<typeof zMe>;

export const zProfilePatch = z.strictObject({ username: zUsername });
export type ProfilePatch = z.infer<typeof zProfilePatch>;
