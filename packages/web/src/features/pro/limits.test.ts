import type { Plan } from '@habitquest/contracts/me';
import { FREE_LIMITS } from '@habitquest/core/plan';
import { describe, expect, it } from 'vitest';
import { isAtLimit } from './limits';

const free = (habits: number): Plan => ({
  isPro: false,
  limits: FREE_LIMITS,
  counts: { habits, categories: 0, rewards: 0 },
});

describe('isAtLimit', () => {
  it("counts the server's figure, or the browser's list when it holds more (made offline)", () => {
    const max = FREE_LIMITS.habits;
    expect(isAtLimit(free(max - 1), 'habits')).toBe(false);
    expect(isAtLimit(free(max), 'habits')).toBe(true);
    // The server knew of one fewer; the browser holds one more, made offline: the limit is reached.
    expect(isAtLimit(free(max - 1), 'habits', max)).toBe(true);
    // Deleted offline: the server's count still holds until it hears of it.
    expect(isAtLimit(free(max), 'habits', max - 1)).toBe(true);
  });

  it('never stops Pro, nor a plan not loaded yet', () => {
    const pro: Plan = {
      isPro: true,
      limits: null,
      counts: { habits: 99, categories: 0, rewards: 0 },
    };
    expect(isAtLimit(pro, 'habits', 500)).toBe(false);
    expect(isAtLimit(undefined, 'habits', 500)).toBe(false);
  });
});
