/**
 * Free-plan limits, checked inside the creating transaction after lockUser, so parallel creates
 * at the limit cannot both pass.
 */
import { canCreate, FREE_LIMITS, limitMessage, type LimitedResource } from '@habitquest/core/plan';
import { and, count, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { categories, habits, rewards } from '../db/schema';
import { HttpError } from '../http/errors';
import { loadIsPro } from './load-plan';

async function countOf(tx: Tx, userId: string, resource: LimitedResource): Promise<number> {
  const [row] =
    resource === 'habits'
      ? await tx.select({ n: count() }).from(habits).where(eq(habits.userId, userId))
      : resource === 'rewards'
        ? await tx.select({ n: count() }).from(rewards).where(eq(rewards.userId, userId))
        : // The fallback category is the system's, not the user's: it does not count.
          await tx
            .select({ n: count() })
            .from(categories)
            .where(and(eq(categories.userId, userId), eq(categories.isFallback, false)));
  return row?.n ?? 0;
}

/** Throws LIMIT_REACHED when a free user may not create `adding` more items of `resource`. */
export async function enforceLimit(
  tx: Tx,
  userId: string,
  resource: LimitedResource,
  adding = 1,
): Promise<void> {
  if (await loadIsPro(tx, userId)) return;
  const existing = await countOf(tx, userId, resource);
  if (!canCreate(resource, existing + adding - 1, false)) {
    throw new HttpError('LIMIT_REACHED', limitMessage(resource), {
      resource,
      limit: FREE_LIMITS[resource],
    });
  }
}
