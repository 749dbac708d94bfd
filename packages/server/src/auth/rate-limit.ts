/**
 * Fixed-window rate limits kept in the database. One atomic upsert per hit, so concurrent requests
 * on any number of instances count exactly.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';

export type LimitRule = { windowMs: number; max: number };
export type LimitResult = { isAllowed: boolean; retryAfterSeconds: number };

/** Counts one hit against `key` and says whether it is still within the rule. */
export async function hitLimit(
  db: Database,
  key: string,
  rule: LimitRule,
  now: number,
): Promise<LimitResult> {
  const expired = now - rule.windowMs;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${expired} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  return judge(row, rule, now);
}

/**
 * Takes back one hit of `key` counted by hitLimit in the current window: an attempt counted
 * before it was made (so that attempts racing each other cannot all pass a check made before any
 * was counted) that turned out not to be a failure.
 */
export async function giveBack(
  db: Database,
  key: string,
  rule: LimitRule,
  now: number,
): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), gt(rateLimits.windowStart, now - rule.windowMs)));
}

function judge(
  row: { count: number; windowStart: number } | undefined,
  rule: LimitRule,
  now: number,
): LimitResult {
  if (!row || row.count <= rule.max) return { isAllowed: true, retryAfterSeconds: 0 };
  return {
    isAllowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((row.windowStart + rule.windowMs - now) / 1000)),
  };
}

/**
 * Remembers that `key` happened now (a successful sign-in from an address). The rate-limit table
 * holds it, so every instance sees it; only windowStart matters.
 */
export async function markSeen(db: Database, key: string, now: number): Promise<void> {
  await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({ target: rateLimits.key, set: { windowStart: now } });
}

/** Whether `key` was marked seen at or after `since`. */
export async function seenSince(db: Database, key: string, since: number): Promise<boolean> {
  const [row] = await db
    .select({ windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key}`);
  return row !== undefined && row.windowStart >= since;
}

/** How often at most the counters past their use are deleted. */
export const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes, at most once an hour, the counters whose window started before `horizonMs` ago: past
 * every rule's window and the known-address memory, they can no longer change an answer. Without
 * it the table would keep one row per address that ever signed in.
 */
export function rateLimitPurger(db: Database, horizonMs: number): (now: number) => Promise<void> {
  let lastPurge = Number.NEGATIVE_INFINITY;
  return async (now) => {
    if (now - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now;
    await db.delete(rateLimits).where(lt(rateLimits.windowStart, now - horizonMs));
  };
}
