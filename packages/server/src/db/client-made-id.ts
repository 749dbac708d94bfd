/**
 * Creates that carry the id their client made (docs/offline.md): the web app names a habit,
 * reward or category it creates offline, so the changes queued after it can refer to it before
 * the server has seen it. Sending such a create again answers the row already made (under the
 * user's lock, before the plan limit is counted: the row exists, nothing new is created). An id
 * that another account holds is refused, and reveals nothing of that row.
 */
import { HttpError } from '../http/errors';

export const CLIENT_ID_TAKEN = 'This id is already in use. Create it with a new id.';

/**
 * Of the rows found with the create's id (none when it came without one): the caller's own row,
 * or null when the id is new. Query it under the user's lock, so two sends of one create cannot
 * both insert.
 */
export function ownClientMade<R extends { userId: string }>(
  rows: readonly R[],
  userId: string,
): R | null {
  const [row] = rows;
  if (!row) return null;
  if (row.userId !== userId) {
    throw new HttpError('VALIDATION', CLIENT_ID_TAKEN, {
      issues: [{ path: 'id', message: CLIENT_ID_TAKEN }],
    });
  }
  return row;
}
