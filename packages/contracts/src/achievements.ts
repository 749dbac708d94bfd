/**
 * GET /api/achievements (docs/product.md "Achievements"): the whole catalogue, each with when it
 * was unlocked (null while locked) and the progress toward it. The catalogue's words are core's.
 */
import { z } from 'zod';
import { zInstant } from './common';

export const zAchievementState = z.object({
  id: z.string(),
  title: z.string(),
  condition: z.string(),
  icon: z.string(),
  unlockedAt: zInstant.nullable(),
  progress: z.object({ current: z.int().min(0), target: z.int().min(1) }),
});
export type AchievementState = z.infer<typeof zAchievementState>;

export const zAchievementList = z.object({ achievements: z.array(zAchievementState) });
export type AchievementList = z.infer<typeof zAchievementList>;
