/**
 * How the signed-in user signs in (Better Auth's linked accounts): a password ("credential") and
 * the OAuth providers. Settings → Account offers to change a password only to those who have one;
 * an account made through Google, GitHub or Discord is offered to set its first one by a mailed
 * link (docs/product.md, "Settings").
 */
import {
  OAUTH_PROVIDER_LABELS,
  OAUTH_PROVIDERS,
  type OAuthProvider,
} from '@habitquest/contracts/auth';
import { routes } from '@habitquest/contracts/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const signInMethodsQuery = queryOptions({
  queryKey: ['auth', 'sign-in-methods'] as const,
  queryFn: async () => describeMethods(await call(routes.listAccounts)),
  staleTime: 60_000,
});

export type SignInMethods = {
  hasPassword: boolean;
  /** The providers' names, in the sign-in dialog's order: "Google", "GitHub". */
  providers: string[];
};

export function describeMethods(accounts: readonly { providerId: string }[]): SignInMethods {
  const linked = new Set(accounts.map((row) => row.providerId));
  return {
    hasPassword: linked.has('credential'),
    providers: OAUTH_PROVIDERS.filter((provider: OAuthProvider) => linked.has(provider)).map(
      (provider) => OAUTH_PROVIDER_LABELS[provider],
    ),
  };
}

/** "Google", "Google and GitHub", "Google, GitHub, and Discord". */
export function listNames(names: readonly string[]): string {
  return new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(names);
}
