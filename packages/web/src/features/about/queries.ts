import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { routes } from '@habitquest/contracts/routes';

/** The installation's version and feedback address: fixed while the server runs. */
export const aboutQuery = queryOptions({
  queryKey: ['about'] as const,
  queryFn: () => call(routes.about),
  staleTime: Infinity,
});
