import type { Me } from '@habitquest/contracts/me';
import { DEFAULT_SETTINGS } from '@habitquest/contracts/settings';
import { describe, expect, it } from 'vitest';
import { moveProgress } from './completion-mutations';

const me: Me = {
  user: { id: 'u', email: 'a@example.com', username: 'a' },
  plan: {
    isPro: false,
    limits: { habits: 15, categories: 10, rewards: 6 },
    counts: { habits: 1, categories: 7, rewards: 0 },
  },
  progress: {
    level: 1,
    xp: 90,
    points: 45,
    streak: 2,
    xpIntoLevel: 90,
    xpForNextLevel: 100,
    percent: 90,
  },
  settings: DEFAULT_SETTINGS,
  vacation: null,
};

describe('the optimistic progress of a toggle', () => {
  it('raises XP, points and the level with core’s rule', () => {
    expect(moveProgress(me, 20, 10).progress).toMatchObject({
      xp: 110,
      points: 55,
      level: 2,
      xpIntoLevel: 10,
      xpForNextLevel: 150,
      percent: 7,
    });
  });

  it('takes back what was given, never below 0 XP, and keeps the streak for the server to say', () => {
    expect(moveProgress(me, -200, -100).progress).toMatchObject({
      xp: 0,
      points: -55,
      level: 1,
      streak: 2,
    });
  });
});
