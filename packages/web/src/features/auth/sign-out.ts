import { api } from '../../app/api';

/** Ends the session (Better Auth). Apart from the sign-in calls, which load on demand. */
export async function signOut(): Promise<void> {
  await api('POST', '/api/auth/sign-out', { body: {} });
}
