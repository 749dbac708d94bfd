import type { Purchase, Reward } from '@habitquest/contracts/rewards';
import { canRedeem } from '@habitquest/core/rewards';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatRedeemedAt,
  pendingPurchase,
  pointsShort,
  purchaseLabel,
  shopAfterRedeem,
  shortId,
  sortRewards,
} from './shop-model';

function reward(id: string, name: string, cost: number, keepInShop = false): Reward {
  return {
    id,
    name,
    description: null,
    cost,
    category: null,
    icon: null,
    rarity: null,
    keepInShop,
  };
}

describe('canRedeem', () => {
  it('needs the balance to cover the cost (docs/product.md)', () => {
    expect(canRedeem(50, 40)).toBe(true);
    expect(canRedeem(40, 40)).toBe(true);
    expect(canRedeem(10, 40)).toBe(false);
  });

  it('never lets a negative balance redeem, even a free reward (docs/decisions.md)', () => {
    expect(canRedeem(-5, 0)).toBe(false);
    expect(canRedeem(0, 0)).toBe(true);
  });

  it('agrees with pointsShort: redeemable exactly when nothing is missing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 20_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (points, cost) => {
          expect(canRedeem(points, cost)).toBe(pointsShort(points, cost) === 0);
        },
      ),
    );
  });
});

describe('pointsShort', () => {
  it('counts what is missing, including a negative balance', () => {
    expect(pointsShort(30, 100)).toBe(70);
    expect(pointsShort(-10, 40)).toBe(50);
    expect(pointsShort(500, 40)).toBe(0);
  });
});

describe('sortRewards', () => {
  it('orders cheapest first, then by name, like the server', () => {
    const list = [reward('c', 'Spa', 500), reward('b', 'Movie', 40), reward('a', 'Coffee', 40)];
    expect(sortRewards(list).map((r) => r.name)).toEqual(['Coffee', 'Movie', 'Spa']);
    expect(list.map((r) => r.id)).toEqual(['c', 'b', 'a']);
  });
});

describe('shopAfterRedeem', () => {
  it('takes a redeemed reward out of the shop', () => {
    const movie = reward('m', 'Movie', 40);
    expect(shopAfterRedeem([movie, reward('s', 'Spa', 500)], movie).map((r) => r.id)).toEqual([
      's',
    ]);
  });

  it('keeps a reward marked keep-in-shop', () => {
    const pizza = reward('p', 'Pizza', 80, true);
    expect(shopAfterRedeem([pizza], pizza)).toEqual([pizza]);
  });
});

describe('purchases', () => {
  it('a pending purchase snapshots the reward', () => {
    const pending = pendingPurchase(reward('m', 'Movie night', 40), '2026-03-03T16:05:00.000Z');
    expect(pending).toMatchObject({
      rewardId: 'm',
      rewardName: 'Movie night',
      rewardCost: 40,
      purchasedAt: '2026-03-03T16:05:00.000Z',
    });
    expect(pending.id.startsWith('pending-m-')).toBe(true);
  });

  it("shows 'Unknown' for a missing name (docs/product.md)", () => {
    const blank: Purchase = { ...pendingPurchase(reward('x', '', 0), 'now'), rewardName: ' ' };
    expect(purchaseLabel(blank)).toEqual({ name: 'Unknown', cost: 0 });
  });

  it('formats the redeemed time in the user’s zone', () => {
    expect(formatRedeemedAt('2026-03-03T16:05:00Z', 'UTC')).toBe('Mar 3, 2026, 4:05 PM');
    expect(formatRedeemedAt('2026-03-03T16:05:00Z', 'Asia/Manila')).toBe('Mar 4, 2026, 12:05 AM');
    expect(formatRedeemedAt('not a date', 'UTC')).toBe('not a date');
  });
});

describe('shortId', () => {
  it('is the first 8 characters (docs/product.md)', () => {
    expect(shortId('1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d')).toBe('1a2b3c4d');
  });
});
