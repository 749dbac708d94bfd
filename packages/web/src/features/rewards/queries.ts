import type { QueryKeyPrefix } from '@habitquest/contracts/event-map';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { routes } from '@habitquest/contracts/routes';

export const rewardKeys = {
  all: ['rewards'] as const satisfies QueryKeyPrefix,
  purchases: ['purchases'] as const satisfies QueryKeyPrefix,
};

/** GET /api/rewards: the shop, cheapest first; rewards are cached 10 min (docs/product.md). */
export const rewardsQuery = queryOptions({
  queryKey: rewardKeys.all,
  queryFn: () => call(routes.listRewards),
  staleTime: 10 * 60_000,
});

/** GET /api/purchases: the inventory, newest first; fresh 3 min, kept 10 min (docs/product.md). */
export const purchasesQuery = queryOptions({
  queryKey: rewardKeys.purchases,
  queryFn: () => call(routes.listPurchases),
  staleTime: 3 * 60_000,
  gcTime: 10 * 60_000,
});
