import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { user } from '../db/schema';

export type FoundUser = { id: string; email: string; username: string | null };

/**
 * The account an operator names: an identifier with '@' is an e-mail, anything else a username
 * (the same rule as sign-in). Both are stored lowercased.
 */
export async function findUser(db: Database, identifier: string): Promise<FoundUser | null> {
  const value = identifier.trim().toLowerCase();
  const [found] = await db
    .select({ id: user.id, email: user.email, username: user.username })
    .from(user)
    .where(value.includes('@') ? eq(user.email, value) : eq(user.username, value));
  return found ?? null;
}
