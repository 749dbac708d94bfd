import { describe, expect, it } from 'vitest';
import {
  canCreate,
  FREE_LIMITS,
  formatPeso,
  isProduct,
  isProFrom,
  limitMessage,
  planLimits,
  PRICES,
} from './plan';

describe('plan limits', () => {
  it('limits free users to 15 habits, 10 categories and 6 rewards', () => {
    expect(FREE_LIMITS).toEqual({ habits: 15, categories: 10, rewards: 6 });
    expect(canCreate('habits', 14, false)).toBe(true);
    expect(canCreate('habits', 15, false)).toBe(false);
    expect(canCreate('categories', 10, false)).toBe(false);
    expect(canCreate('rewards', 5, false)).toBe(true);
    expect(canCreate('rewards', 6, false)).toBe(false);
    expect(canCreate('habits', 10_000, true)).toBe(true);
    expect(planLimits(true)).toBeNull();
    expect(planLimits(false)).toBe(FREE_LIMITS);
  });

  it('words the limit messages as the spec does', () => {
    expect(limitMessage('habits')).toBe(
      'Free plan limit reached: 15 habits. Upgrade to Pro for unlimited habits!',
    );
    expect(limitMessage('categories')).toBe(
      'Free plan limit reached: 10 categories. Upgrade to Pro for unlimited categories!',
    );
    expect(limitMessage('rewards')).toBe(
      'Free plan limit reached: 6 rewards. Upgrade to Pro for unlimited rewards!',
    );
  });
});

describe('Pro status', () => {
  it('comes from a paid habit or bundle purchase', () => {
    expect(
      isProFrom({ purchases: [{ product: 'habit', status: 'paid' }], entitlement: null }),
    ).toBe(true);
    expect(
      isProFrom({ purchases: [{ product: 'bundle', status: 'paid' }], entitlement: null }),
    ).toBe(true);
    expect(
      isProFrom({ purchases: [{ product: 'habit', status: 'pending' }], entitlement: null }),
    ).toBe(false);
    expect(
      isProFrom({ purchases: [{ product: 'stickers', status: 'paid' }], entitlement: null }),
    ).toBe(false);
  });

  it('comes from either entitlement flag', () => {
    expect(
      isProFrom({ purchases: [], entitlement: { premiumHabit: true, premiumBundle: false } }),
    ).toBe(true);
    expect(
      isProFrom({ purchases: [], entitlement: { premiumHabit: false, premiumBundle: true } }),
    ).toBe(true);
    expect(
      isProFrom({ purchases: [], entitlement: { premiumHabit: false, premiumBundle: false } }),
    ).toBe(false);
    expect(isProFrom({ purchases: [], entitlement: null })).toBe(false);
  });
});

describe('prices', () => {
  it('are centavos in PHP', () => {
    expect(PRICES).toEqual({ habit: 48_900, bundle: 149_900 });
    expect(formatPeso(PRICES.habit)).toBe('₱489');
    expect(formatPeso(PRICES.bundle)).toBe('₱1,499');
    expect(formatPeso(12_345)).toBe('₱123.45');
    expect(isProduct('habit')).toBe(true);
    expect(isProduct('gold')).toBe(false);
  });
});
