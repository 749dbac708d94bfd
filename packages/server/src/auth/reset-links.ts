/**
 * Password-reset links (Better Auth's verification rows) and the addresses known to an account,
 * which the sign-in and reset-mail limits let through (limits.ts, routes.ts).
 */
import { and, eq, like } from 'drizzle-orm';
import type { Database } from '../db/client';
import { verification } from '../db/auth-schema';

/** Whose account a reset link is for, while it is valid (Better Auth's verification row). */
export async function resetLinkOwner(db: Database, token: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: verification.value })
    .from(verification)
    .where(eq(verification.identifier, `reset-password:${token}`));
  return row?.userId ?? null;
}

/** Every reset link still out for the account stops working (after its password changed). */
export async function forgetResetLinks(db: Database, userId: string): Promise<void> {
  await db
    .delete(verification)
    .where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, userId)));
}

/** The marker of an address that signed in to an account successfully. */
export function knownAddressKey(userId: string, ip: string): string {
  return `signin:known:${userId}:${ip}`;
}
