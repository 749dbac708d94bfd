import type { QueryKeyPrefix } from '@habitquest/contracts/event-map';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { routes } from '@habitquest/contracts/routes';

/** GET /api/me: user, plan, progress and settings. Progress is fresh 1 min, refetched every 2. */
export const meQuery = queryOptions({
  queryKey: ['me'] as const satisfies QueryKeyPrefix,
  queryFn: () => call(routes.me),
  staleTime: 60_000,
  refetchInterval: 2 * 60_000,
});
