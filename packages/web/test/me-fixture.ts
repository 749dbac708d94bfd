/**
 * Tests only: GET /api/me's answer for a signed-in free user at level 1 with nothing done, the
 * default settings and no vacation; `overrides` replace whole fields.
 */
import type { Me } from '@habitquest/contracts/me';
import { DEFAULT_SETTINGS } from '@habitquest/contracts/settings';

export function meFixture(overrides: Partial<Me> = {}): Me {
  return {
    user: { id: 'user-1', email: 'a@example.com', username: 'a' },
    plan: { isPro: false, limits: null, counts: { habits: 0, categories: 0, rewards: 0 } },
    progress: {
      level: 1,
      xp: 0,
      points: 0,
      streak: 0,
      xpIntoLevel: 0,
      xpForNextLevel: 100,
      percent: 0,
    },
    settings: DEFAULT_SETTINGS,
    vacation: null,
    ...overrides,
  };
}
