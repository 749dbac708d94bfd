import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canRedeem, compareRewards } from './rewards';

describe('redeeming', () => {
  it('needs a balance that covers the cost and is not negative', () => {
    expect(canRedeem(100, 100)).toBe(true);
    expect(canRedeem(99, 100)).toBe(false);
    expect(canRedeem(0, 0)).toBe(true);
    expect(canRedeem(-1, 0)).toBe(false);
  });
});

describe("the shop's order", () => {
  it('is by cost, then name by code units (not by locale), then id', () => {
    const shop = [
      { cost: 50, name: 'apple', id: 'b' },
      { cost: 50, name: 'Banana', id: 'a' },
      { cost: 10, name: 'zebra', id: 'c' },
      { cost: 50, name: 'apple', id: 'a' },
    ].sort(compareRewards);
    expect(shop.map((r) => `${String(r.cost)} ${r.name} ${r.id}`)).toEqual([
      '10 zebra c',
      '50 Banana a',
      '50 apple a',
      '50 apple b',
    ]);
  });

  it('is a total order: sorting any shuffle of a shop gives the same list', () => {
    const reward = fc.record({
      cost: fc.integer({ min: 0, max: 5 }),
      name: fc.constantFrom('a', 'B', 'é', '🎁', 'aa'),
      id: fc.option(fc.uuid(), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(reward, { maxLength: 12 }), (shop) => {
        const once = [...shop].sort(compareRewards);
        const reversed = [...shop].reverse().sort(compareRewards);
        expect(reversed).toEqual(once);
      }),
    );
  });
});
