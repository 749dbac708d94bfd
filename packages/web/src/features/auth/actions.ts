/** The auth calls: Better Auth's endpoints under /api/auth (docs/ARCHITECTURE.md). */
import { isUsernameIdentifier } from '@habitquest/contracts/auth';
import { call } from '../../lib/api';
import { routes } from '@habitquest/contracts/routes';
import { clearAuthFlags } from './auth-flags';
import { authCopy } from './copy';

export async function signIn(identifier: string, password: string): Promise<void> {
  const value = identifier.trim();
  if (isUsernameIdentifier(value)) {
    await call(routes.signInUsername, {
      body: { username: value.toLowerCase(), password },
    });
  } else {
    await call(routes.signInEmail, {
      body: { email: value.toLowerCase(), password },
    });
  }
}

export async function signUp(input: {
  email: string;
  username: string;
  password: string;
}): Promise<void> {
  await call(routes.signUp, { body: { ...input, name: input.username } });
}

export async function requestPasswordReset(email: string): Promise<void> {
  await call(routes.requestPasswordReset, {
    body: { email, redirectTo: '/auth/update-password' },
  });
}

export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await call(routes.resetPassword, { body: { token, newPassword } });
}

/**
 * Whether a reset link's token can still be used, asked before the form is shown: Better Auth's
 * GET /reset-password/:token redirects to the page with `?error=INVALID_TOKEN` for a used or
 * expired one. Null when the server could not be asked (the form then shows, as before).
 */
export async function isResetTokenUsable(token: string): Promise<boolean | null> {
  try {
    const page = encodeURIComponent('/auth/update-password');
    const response = await fetch(
      `/api/auth/reset-password/${encodeURIComponent(token)}?callbackURL=${page}`,
      { credentials: 'same-origin' },
    );
    return new URL(response.url).searchParams.get('error') === null;
  } catch {
    return null;
  }
}

export async function signInWithProvider(provider: string): Promise<void> {
  const answer = await call(routes.signInSocial, {
    body: { provider, callbackURL: '/' },
  });
  if (answer.url) window.location.assign(answer.url);
}

/**
 * docs/product.md: once signed in (or signed up), the auth flags are cleared and the page reloads into
 * the app after 0.5 s. Returns the message to show meanwhile.
 */
export function enterApp(): string {
  clearAuthFlags();
  setTimeout(() => {
    window.location.assign('/');
  }, 500);
  return authCopy.signInSuccess;
}
