import type { About } from '@habitquest/contracts/about';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api';

/** The installation's version and feedback address: fixed while the server runs. */
export const aboutQuery = queryOptions({
  queryKey: ['about'] as const,
  queryFn: () => api<About>('GET', '/api/about'),
  staleTime: Infinity,
});
