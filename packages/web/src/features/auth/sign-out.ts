import { call } from '../../lib/api';
import { routes } from '@habitquest/contracts/routes';

/** Ends the session (Better Auth). Apart from the sign-in calls, which load on demand. */
export async function signOut(): Promise<void> {
  await call(routes.signOut, { body: {} });
}
