import { describe, expect, it } from 'vitest';
import { zMe, zPlan, zProfilePatch, zProgress } from './me';
import { DEFAULT_SETTINGS } from './settings';

const PROGRESS = {
  level: 3,
  xp: 300,
  points: 150,
  streak: 5,
  xpIntoLevel: 50,
  xpForNextLevel: 200,
  percent: 25,
};

describe('zProgress', () => {
  it('accepts progress, with or without the level-up flag', () => {
    expect(zProgress.parse(PROGRESS)).toEqual(PROGRESS);
    expect(zProgress.parse({ ...PROGRESS, leveledUp: true }).leveledUp).toBe(true);
  });

  it('allows a negative balance but nothing else out of range', () => {
    expect(zProgress.parse({ ...PROGRESS, points: -5 }).points).toBe(-5);
    for (const bad of [
      { level: 0 },
      { xp: -1 },
      { percent: 101 },
      { percent: 33.3 },
      { streak: Number.NaN },
      { xpForNextLevel: 0 },
    ]) {
      expect(zProgress.safeParse({ ...PROGRESS, ...bad }).success).toBe(false);
    }
  });
});

describe('zPlan and zMe', () => {
  const free = {
    isPro: false,
    limits: { habits: 15, categories: 10, rewards: 6 },
    counts: { habits: 3, categories: 8, rewards: 0 },
  };

  it('accepts a free plan with limits and a Pro plan without', () => {
    expect(zPlan.parse(free)).toEqual(free);
    expect(zPlan.parse({ ...free, isPro: true, limits: null }).limits).toBeNull();
    expect(zPlan.safeParse({ ...free, counts: { habits: 1 } }).success).toBe(false);
  });

  it('accepts the whole /api/me answer', () => {
    const me = {
      user: { id: 'auth-user-1', email: 'ada@example.com', username: null },
      plan: free,
      progress: PROGRESS,
      settings: DEFAULT_SETTINGS,
      vacation: null,
    };
    expect(zMe.parse(me)).toEqual(me);
    const away = { ...me, vacation: { startsOn: '2026-12-20', endsOn: '2026-12-27' } };
    expect(zMe.parse(away)).toEqual(away);
    expect(zMe.safeParse({ ...me, user: { ...me.user, id: '' } }).success).toBe(false);
    expect(zMe.safeParse({ ...me, settings: undefined }).success).toBe(false);
  });
});

describe('zProfilePatch', () => {
  it('takes a username, lowercased', () => {
    expect(zProfilePatch.parse({ username: 'Ada_L' })).toEqual({ username: 'ada_l' });
  });

  it('refuses bad usernames and anything else', () => {
    expect(zProfilePatch.safeParse({ username: 'a' }).success).toBe(false);
    expect(zProfilePatch.safeParse({}).success).toBe(false);
    expect(zProfilePatch.safeParse({ username: 'ada', email: 'x@y.z' }).success).toBe(false);
    expect(zProfilePatch.safeParse({ username: 'ada', isPro: true }).success).toBe(false);
  });
});
