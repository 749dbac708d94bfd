import { call } from '../../lib/api';
import { clearOutbox, outboxEntries } from '../../lib/outbox';
import { clearSavedCache } from '../../lib/persist-cache';
import { replayOutbox } from '../../lib/replay';
import { routes } from '@habitquest/contracts/routes';

/**
 * Ends the session (Better Auth) and forgets what this device kept of the account: the saved
 * cache and the changes still waiting to sync, which the next person here must neither see nor
 * send (docs/offline.md). Apart from the sign-in calls, which load on demand.
 */
/**
 * Sends what is waiting, while the session can still send it; answers how many of the signed-in
 * account's changes are still waiting after that (offline, or the server refusing for now).
 */
export async function sendWaiting(): Promise<number> {
  await replayOutbox();
  return outboxEntries().length;
}

export async function signOut(): Promise<void> {
  // Changes still waiting go to the server first, while the session can still send them.
  await replayOutbox();
  await call(routes.signOut, { body: {} });
  await Promise.all([clearSavedCache(), clearOutbox()]);
}
