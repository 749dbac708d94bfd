/** Accounts: Better Auth's routes under /api/auth, public (they sign people in), each with its own checks. Part of the route table (../routes.ts). */
import type { AuthProviders } from '../auth';
import { route } from '../route';

type Session = { user: { id: string; email: string; username?: string | null } } | null;

export const accountRoutes = {
  session: route<{ response: Session }>()({
    method: 'get',
    path: '/api/auth/get-session',
  }),
  providers: route<{ response: AuthProviders }>()({
    method: 'get',
    path: '/api/auth/providers',
  }),
  signInEmail: route<{ body: { email: string; password: string } }>()({
    method: 'post',
    path: '/api/auth/sign-in/email',
  }),
  signInUsername: route<{ body: { username: string; password: string } }>()({
    method: 'post',
    path: '/api/auth/sign-in/username',
  }),
  signInSocial: route<{
    body: { provider: string; callbackURL: string };
    response: { url?: string };
  }>()({
    method: 'post',
    path: '/api/auth/sign-in/social',
  }),
  signUp: route<{ body: { email: string; username: string; password: string; name: string } }>()({
    method: 'post',
    path: '/api/auth/sign-up/email',
  }),
  signOut: route<{ body: Record<string, never> }>()({
    method: 'post',
    path: '/api/auth/sign-out',
  }),
  requestPasswordReset: route<{ body: { email: string; redirectTo: string } }>()({
    method: 'post',
    path: '/api/auth/request-password-reset',
  }),
  resetPassword: route<{ body: { token: string; newPassword: string } }>()({
    method: 'post',
    path: '/api/auth/reset-password',
  }),
  isUsernameAvailable: route<{ body: { username: string }; response: { available: boolean } }>()({
    method: 'post',
    path: '/api/auth/is-username-available',
  }),
  changePassword: route<{
    body: { currentPassword: string; newPassword: string; revokeOtherSessions?: boolean };
  }>()({
    method: 'post',
    path: '/api/auth/change-password',
  }),
  /** How the user signs in: `credential` is a password; otherwise an OAuth provider's name. */
  listAccounts: route<{ response: { providerId: string }[] }>()({
    method: 'get',
    path: '/api/auth/list-accounts',
  }),
  verifyPassword: route<{ body: { password: string } }>()({
    method: 'post',
    path: '/api/auth/verify-password',
  }),
} as const;
