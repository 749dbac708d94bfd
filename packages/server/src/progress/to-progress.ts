import type { Progress } from '@habitquest/contracts/me';
import { levelProgress } from '@habitquest/core/levels';

/** The wire's Progress from the ledger's cached sums and the derived day streak. */
export function toProgress(options: { xp: number; points: number; streak: number }): Progress {
  const level = levelProgress(options.xp);
  return {
    level: level.level,
    xp: Math.max(0, options.xp),
    points: options.points,
    streak: options.streak,
    xpIntoLevel: level.xpIntoLevel,
    xpForNextLevel: level.xpForNextLevel,
    percent: level.percent,
  };
}
