import type { Me } from '@habitquest/contracts/me';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api';

/** GET /api/me: user, plan, progress and settings. Progress is fresh 1 min, refetched every 2. */
export const meQuery = queryOptions({
  queryKey: ['me'] as const,
  queryFn: () => api<Me>('GET', '/api/me'),
  staleTime: 60_000,
  refetchInterval: 2 * 60_000,
});
