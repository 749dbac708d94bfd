import type { QueryKeyPrefix } from '@habitquest/contracts/event-map';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { routes } from '@habitquest/contracts/routes';

/** GET /api/me: user, plan, progress and settings. Progress is fresh 1 min, refetched every 2. */
export const meQuery = queryOptions({
  queryKey: ['me'] as const satisfies QueryKeyPrefix,
  queryFn: () => call(routes.me),
  staleTime: 60_000,
  // Every 2 minutes; every 10 seconds while the last read failed, so a server back from an
  // error is seen without the user's Retry.
  refetchInterval: (query) => (query.state.status === 'error' ? 10_000 : 2 * 60_000),
});
