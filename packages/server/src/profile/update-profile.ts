import type { ProfilePatch } from '@habitquest/contracts/me';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { user } from '../db/schema';
import { sqlState, UNIQUE_VIOLATION } from '../http/db-errors';
import { HttpError } from '../http/errors';

export const USERNAME_TAKEN = 'That username is already taken. Please choose another one.';

/** Changes the username; usernames are unique across all users. */
export async function updateProfile(options: {
  db: Database;
  userId: string;
  patch: ProfilePatch;
}): Promise<{ username: string }> {
  const { db, userId, patch } = options;
  const [taken] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.username, patch.username), ne(user.id, userId)));
  if (taken) throw new HttpError('CONFLICT', USERNAME_TAKEN);
  try {
    await db
      .update(user)
      .set({ username: patch.username, displayUsername: patch.username, updatedAt: new Date() })
      .where(eq(user.id, userId));
  } catch (error) {
    // Two users racing for one name: the unique index decides.
    if (sqlState(error) === UNIQUE_VIOLATION) {
      throw new HttpError('CONFLICT', USERNAME_TAKEN);
    }
    throw error;
  }
  return { username: patch.username };
}
