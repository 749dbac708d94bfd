import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { routes } from '@habitquest/contracts/routes';

export type Session = { user: { id: string; email: string; username?: string | null } } | null;
export type Providers = { providers: { google: boolean; github: boolean; discord: boolean } };

export const authKeys = {
  session: ['auth', 'session'] as const,
  providers: ['auth', 'providers'] as const,
};

export const sessionQuery = queryOptions({
  queryKey: authKeys.session,
  queryFn: () => call(routes.session),
  staleTime: 60_000,
});

export const providersQuery = queryOptions({
  queryKey: authKeys.providers,
  queryFn: () => call(routes.providers),
  staleTime: Infinity,
});
