/**
 * Levels, XP and points (docs/decisions.md, "Reading A" of docs/product.md).
 * Level n needs 100(n−1) + 25(n−1)(n−2) total XP: L2 100, L3 250, L4 450, L5 700.
 * Going from level L to L+1 costs 100 + 50(L−1).
 */

/** Total XP needed to reach `level` (level 1 needs 0). */
export function xpForLevel(level: number): number {
  if (level <= 1) return 0;
  const m = level - 1;
  return 100 * m + 25 * m * (m - 1);
}

/** XP that going from `level` to the next level costs. */
export function levelSpan(level: number): number {
  return 100 + 50 * (Math.max(1, level) - 1);
}

export function levelForXp(xp: number): number {
  const total = Math.max(0, Math.floor(xp));
  // 25m² + 75m ≤ xp with m = level − 1; the float root is corrected by the loops below.
  let level = 1 + Math.max(0, Math.floor((-75 + Math.sqrt(5625 + 100 * total)) / 50));
  while (xpForLevel(level) > total) level -= 1;
  while (xpForLevel(level + 1) <= total) level += 1;
  return level;
}

export type LevelProgress = {
  level: number;
  /** XP gained since the current level was reached. */
  xpIntoLevel: number;
  /** XP the whole current level spans (what reaching the next level costs). */
  xpForNextLevel: number;
  /** XP still missing for the next level. */
  xpToNextLevel: number;
  /** Rounded share of the current level's span already gained, 0–100. */
  percent: number;
};

export function levelProgress(xp: number): LevelProgress {
  const total = Math.max(0, Math.floor(xp));
  const level = levelForXp(total);
  const xpIntoLevel = total - xpForLevel(level);
  const xpForNextLevel = levelSpan(level);
  return {
    level,
    xpIntoLevel,
    xpForNextLevel,
    xpToNextLevel: xpForNextLevel - xpIntoLevel,
    percent: Math.min(100, Math.round((xpIntoLevel / xpForNextLevel) * 100)),
  };
}

/** A user's progress as the API and the web show it: balances, streak and where the level stands. */
export type ProgressFigures = {
  level: number;
  xp: number;
  points: number;
  streak: number;
  xpIntoLevel: number;
  xpForNextLevel: number;
  percent: number;
};

/** The progress figures from the ledger's sums and the day streak (XP never shows below zero). */
export function progressFigures(options: {
  xp: number;
  points: number;
  streak: number;
}): ProgressFigures {
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

/** Points a completion worth `xp` earns: half, rounded down (10 XP → 5 points). */
export function pointsForXp(xp: number): number {
  return Math.floor(Math.max(0, xp) / 2);
}

/** A habit is worth a whole number of XP from 1 to 100 (docs/decisions.md), on create, edit and import. */
export const MIN_HABIT_XP = 1;
export const MAX_HABIT_XP = 100;
/**
 * The most days one stored completion can stand for. A completion earns at most the richest
 * habit's 100 XP, but a change of frequency merges the completions of a new period into one that
 * keeps their sum (docs/product.md, "Habits"): at most a year of daily completions, plus the last
 * days of a week that straddled New Year and was merged into the year before.
 */
export const MAX_MERGED_DAYS = 372;
/** The most XP and points one stored completion can hold (see MAX_MERGED_DAYS). */
export const MAX_COMPLETION_XP = MAX_HABIT_XP * MAX_MERGED_DAYS;
export const MAX_COMPLETION_POINTS = pointsForXp(MAX_HABIT_XP) * MAX_MERGED_DAYS;

/** The shop's statement of the earning rate (docs/decisions.md: the real rate, stated plainly). */
export const EARNING_RATE_TEXT = 'You earn 1 pt for every 2 XP.';
