import type { Database } from '../db/client';
import { entitlements } from '../db/schema';
import { findUser, type FoundUser } from './find-user';

/**
 * `grant-pro <email|username>`: sets the premium_habit entitlement, which makes the user Pro
 * (core's isProFrom) without any purchase. Returns null when no such account exists.
 */
export async function grantPro(options: {
  db: Database;
  identifier: string;
}): Promise<FoundUser | null> {
  const { db, identifier } = options;
  const target = await findUser(db, identifier);
  if (!target) return null;
  await db
    .insert(entitlements)
    .values({ userId: target.id, premiumHabit: true })
    .onConflictDoUpdate({
      target: entitlements.userId,
      set: { premiumHabit: true, updatedAt: new Date() },
    });
  return target;
}
