/** The auth calls: Better Auth's endpoints under /api/auth (DESIGN §5). */
import { isUsernameIdentifier } from '@habitquest/contracts/auth';
import { api } from '../../app/api';

export async function signIn(identifier: string, password: string): Promise<void> {
  const value = identifier.trim();
  if (isUsernameIdentifier(value)) {
    await api('POST', '/api/auth/sign-in/username', {
      body: { username: value.toLowerCase(), password },
    });
  } else {
    await api('POST', '/api/auth/sign-in/email', {
      body: { email: value.toLowerCase(), password },
    });
  }
}

export async function signUp(input: {
  email: string;
  username: string;
  password: string;
}): Promise<void> {
  await api('POST', '/api/auth/sign-up/email', { body: { ...input, name: input.username } });
}

export async function requestPasswordReset(email: string): Promise<void> {
  await api('POST', '/api/auth/request-password-reset', {
    body: { email, redirectTo: '/auth/update-password' },
  });
}

export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await api('POST', '/api/auth/reset-password', { body: { token, newPassword } });
}

export async function signInWithProvider(provider: string): Promise<void> {
  const answer = await api<{ url?: string }>('POST', '/api/auth/sign-in/social', {
    body: { provider, callbackURL: '/' },
  });
  if (answer.url) window.location.assign(answer.url);
}
