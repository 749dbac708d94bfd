import { describe, expect, it } from 'vitest';
import { habitsCopy } from '../habits/copy';
import { rewardsCopy } from '../rewards/copy';
import { shortDayLabel } from './day-label';

describe('shortDayLabel', () => {
  it('names a day of the same year briefly, and adds the year otherwise', () => {
    expect(shortDayLabel('2026-11-23', '2026-11-24')).toBe('Mon, Nov 23');
    expect(shortDayLabel('2025-12-31', '2026-01-01')).toBe('Wed, Dec 31, 2025');
  });

  it('never shifts the date, whatever the runtime zone', () => {
    expect(shortDayLabel('2026-03-01', '2026-03-02')).toBe('Sun, Mar 1');
  });
});

describe('counted words', () => {
  it('one point is singular, any other count plural', () => {
    expect(rewardsCopy.pts(1)).toBe('1 pt');
    expect(rewardsCopy.pts(-1)).toBe('-1 pt');
    expect(rewardsCopy.pts(0)).toBe('0 pts');
    expect(rewardsCopy.pts(1200)).toBe('1,200 pts');
    expect(habitsCopy.habitCompletedText('Run', 2, 1)).toBe('Run: +2 XP, +1 pt');
  });

  it('the average streak has one decimal and the unit of its frequency', () => {
    expect(habitsCopy.averageStreak(0.7, 'daily')).toBe('0.7 days');
    expect(habitsCopy.averageStreak(2, 'weekly')).toBe('2.0 weeks');
  });
});
