import type { Purchase, Reward } from '@habitquest/contracts/rewards';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api';

export const rewardKeys = {
  all: ['rewards'] as const,
  purchases: ['purchases'] as const,
};

/** GET /api/rewards: the shop, cheapest first; rewards are cached 10 min (docs/product.md). */
export const rewardsQuery = queryOptions({
  queryKey: rewardKeys.all,
  queryFn: () => api<Reward[]>('GET', '/api/rewards'),
  staleTime: 10 * 60_000,
});

/** GET /api/purchases: the inventory, newest first; fresh 3 min, kept 10 min (docs/product.md). */
export const purchasesQuery = queryOptions({
  queryKey: rewardKeys.purchases,
  queryFn: () => api<Purchase[]>('GET', '/api/purchases'),
  staleTime: 3 * 60_000,
  gcTime: 10 * 60_000,
});
