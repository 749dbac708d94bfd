import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api';

export type Session = { user: { id: string; email: string; username?: string | null } } | null;
export type Providers = { providers: { google: boolean; github: boolean; discord: boolean } };

export const authKeys = {
  session: ['auth', 'session'] as const,
  providers: ['auth', 'providers'] as const,
};

export const sessionQuery = queryOptions({
  queryKey: authKeys.session,
  queryFn: () => api<Session>('GET', '/api/auth/get-session'),
  staleTime: 60_000,
});

export const providersQuery = queryOptions({
  queryKey: authKeys.providers,
  queryFn: () => api<Providers>('GET', '/api/auth/providers'),
  staleTime: Infinity,
});
