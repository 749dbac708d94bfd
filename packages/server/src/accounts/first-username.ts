/**
 * A username for an account made without one (a sign-in through Google, GitHub or Discord): the
 * header shows "@username" from the first screen on, and Settings → Account changes it
 * (docs/product.md, "Settings"). It comes from the provider's name for the person, else the
 * e-mail address's local part, and follows the sign-up rules (3–30 of a–z, 0–9 and `_`).
 */
import { USERNAME_MAX, USERNAME_MIN } from '@habitquest/contracts/auth';
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { user } from '../db/schema';

const FALLBACK = 'player';
/** Tries of a numbered name before giving up on a free one (each a one-in-10,000 guess). */
const TRIES = 8;

/** "Zoë O'Brien" → "zoe_o_brien"; "李" and "" → the e-mail's local part, else "player". */
export function usernameBase(name: string, email: string): string {
  for (const source of [name, email.split('@')[0] ?? '']) {
    const base = slug(source);
    if (base.length >= USERNAME_MIN) return base;
  }
  return FALLBACK;
}

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, USERNAME_MAX)
    .replace(/_+$/, '');
}

/**
 * The base if nobody has it, else the base with four random digits; null when every try was
 * taken (the account is then made without one, as before, and chooses it in Settings). Two
 * sign-ups racing for one name meet the column's unique index: the second one's sign-in fails
 * and is tried again by the person, which picks another number.
 */
export async function freeUsername(db: Database, base: string): Promise<string | null> {
  const candidates = [
    base,
    ...Array.from(
      { length: TRIES },
      () => `${base.slice(0, USERNAME_MAX - 5)}_${String(randomInt(10_000)).padStart(4, '0')}`,
    ),
  ];
  for (const candidate of candidates) {
    const [taken] = await db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.username, candidate))
      .limit(1);
    if (!taken) return candidate;
  }
  return null;
}
