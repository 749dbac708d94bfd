import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  levelForXp,
  levelProgress,
  levelSpan,
  pointsForXp,
  progressFigures,
  xpForLevel,
} from './levels';

describe('levels (Reading A)', () => {
  it('uses the spec thresholds', () => {
    expect(xpForLevel(1)).toBe(0);
    expect(xpForLevel(2)).toBe(100);
    expect(xpForLevel(3)).toBe(250);
    expect(xpForLevel(4)).toBe(450);
    expect(xpForLevel(5)).toBe(700);
    expect(levelForXp(0)).toBe(1);
    expect(levelForXp(99)).toBe(1);
    expect(levelForXp(100)).toBe(2);
    expect(levelForXp(249)).toBe(2);
    expect(levelForXp(250)).toBe(3);
    expect(levelForXp(700)).toBe(5);
    expect(levelForXp(-50)).toBe(1);
  });

  it('costs 100 + 50(L−1) from level L to L+1', () => {
    expect(levelSpan(1)).toBe(100);
    expect(levelSpan(2)).toBe(150);
    expect(levelSpan(4)).toBe(250);
  });

  it('reports progress within the level', () => {
    expect(levelProgress(0)).toEqual({
      level: 1,
      xpIntoLevel: 0,
      xpForNextLevel: 100,
      xpToNextLevel: 100,
      percent: 0,
    });
    expect(levelProgress(175)).toEqual({
      level: 2,
      xpIntoLevel: 75,
      xpForNextLevel: 150,
      xpToNextLevel: 75,
      percent: 50,
    });
    expect(levelProgress(701).percent).toBe(0); // 1 of 300 rounds to 0
  });

  it('is monotonic in XP and matches the threshold formula', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), fc.nat(10_000), (xp, extra) => {
        const level = levelForXp(xp);
        expect(xpForLevel(level)).toBeLessThanOrEqual(xp);
        expect(xpForLevel(level + 1)).toBeGreaterThan(xp);
        expect(levelForXp(xp + extra)).toBeGreaterThanOrEqual(level);
        const progress = levelProgress(xp);
        expect(progress.xpIntoLevel + progress.xpToNextLevel).toBe(progress.xpForNextLevel);
        expect(progress.percent).toBeGreaterThanOrEqual(0);
        expect(progress.percent).toBeLessThanOrEqual(100);
      }),
    );
  });
});

describe('points', () => {
  it('earns half the XP, rounded down', () => {
    expect(pointsForXp(10)).toBe(5);
    expect(pointsForXp(15)).toBe(7);
    expect(pointsForXp(1)).toBe(0);
    expect(pointsForXp(-3)).toBe(0);
  });
});

describe('progress figures', () => {
  it('carry the balances and streak with where the level stands', () => {
    expect(progressFigures({ xp: 150, points: 40, streak: 3 })).toEqual({
      level: 2,
      xp: 150,
      points: 40,
      streak: 3,
      xpIntoLevel: 50,
      xpForNextLevel: levelSpan(2),
      percent: Math.round((50 / levelSpan(2)) * 100),
    });
  });

  it('never show XP below zero, while a negative point balance stays as it is', () => {
    expect(progressFigures({ xp: -20, points: -5, streak: 0 })).toMatchObject({
      level: 1,
      xp: 0,
      points: -5,
      xpIntoLevel: 0,
    });
  });
});
