import { describe, expect, it } from 'vitest';
import {
  zPurchase,
  zRedeemResult,
  zReward,
  zRewardCreate,
  zRewardDeleteResult,
  zRewardUpdate,
} from './rewards';

const ID = '0b7e4c52-4c55-4f4e-9a55-2b1f6f1d3a10';
const PURCHASE = {
  id: ID,
  rewardId: null,
  rewardName: 'Movie night',
  rewardCost: 300,
  rewardDescription: null,
  rewardIcon: '🎬',
  rewardRarity: 'rare',
  purchasedAt: '2024-03-05T20:00:00.000Z',
};

describe('zReward', () => {
  it('accepts the wire shape', () => {
    const reward = {
      id: ID,
      name: 'Coffee',
      description: null,
      cost: 100,
      category: null,
      icon: null,
      rarity: null,
      keepInShop: true,
    };
    expect(zReward.parse(reward)).toEqual(reward);
    expect(zReward.safeParse({ ...reward, rarity: 'mythic' }).success).toBe(false);
  });
});

describe('zRewardCreate', () => {
  it('fills the defaults and stores empty optional text as null', () => {
    expect(
      zRewardCreate.parse({ name: ' Coffee ', description: '', category: '  ', icon: '' }),
    ).toEqual({
      name: 'Coffee',
      cost: 100,
      description: null,
      category: null,
      icon: null,
      rarity: null,
      keepInShop: false,
    });
  });

  it('keeps given values', () => {
    const reward = zRewardCreate.parse({
      name: 'Spa day',
      cost: 10_000,
      description: ' Treat ',
      rarity: 'legendary',
      keepInShop: true,
    });
    expect(reward).toMatchObject({ cost: 10_000, description: 'Treat', rarity: 'legendary' });
    expect(reward.keepInShop).toBe(true);
  });

  it('bounds the cost to whole points 1–10000', () => {
    for (const cost of [0, -5, 10_001, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '100']) {
      expect(zRewardCreate.safeParse({ name: 'a', cost }).success).toBe(false);
    }
    expect(zRewardCreate.parse({ name: 'a', cost: 1 }).cost).toBe(1);
  });

  it('refuses blank and huge names, and unknown keys', () => {
    expect(zRewardCreate.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe(
      'Reward name is required',
    );
    expect(zRewardCreate.safeParse({ name: 'x'.repeat(101) }).success).toBe(false);
    expect(zRewardCreate.safeParse({ name: 'a', description: 'x'.repeat(501) }).success).toBe(
      false,
    );
    expect(zRewardCreate.safeParse({ name: 'a', userId: ID }).success).toBe(false);
  });
});

describe('zRewardUpdate', () => {
  it('takes any field, clearing text with an empty string', () => {
    expect(zRewardUpdate.parse({ icon: '' })).toEqual({ icon: null });
    expect(zRewardUpdate.parse({ cost: 250, keepInShop: false })).toEqual({
      cost: 250,
      keepInShop: false,
    });
  });

  it('refuses an empty patch and bad values', () => {
    expect(zRewardUpdate.safeParse({}).success).toBe(false);
    expect(zRewardUpdate.safeParse({ cost: 0 }).success).toBe(false);
    expect(zRewardUpdate.safeParse({ name: '' }).success).toBe(false);
    expect(zRewardUpdate.safeParse({ id: ID }).success).toBe(false);
  });
});

describe('purchases', () => {
  it('zPurchase keeps the snapshot, even of a deleted reward', () => {
    expect(zPurchase.parse(PURCHASE)).toEqual(PURCHASE);
    expect(zPurchase.safeParse({ ...PURCHASE, rewardCost: -1 }).success).toBe(false);
    expect(zPurchase.safeParse({ ...PURCHASE, purchasedAt: 'yesterday' }).success).toBe(false);
  });

  it('zRedeemResult carries the purchase and the new progress', () => {
    const result = {
      purchase: PURCHASE,
      progress: {
        level: 1,
        xp: 0,
        points: -20,
        streak: 0,
        xpIntoLevel: 0,
        xpForNextLevel: 100,
        percent: 0,
      },
    };
    expect(zRedeemResult.parse(result)).toEqual(result);
    expect(zRedeemResult.safeParse({ purchase: PURCHASE }).success).toBe(false);
  });
});

describe('zRewardDeleteResult', () => {
  it('answers the deleted id', () => {
    expect(zRewardDeleteResult.parse({ deleted: ID })).toEqual({ deleted: ID });
    expect(zRewardDeleteResult.safeParse({ deleted: 'abc' }).success).toBe(false);
  });
});
