/**
 * Idempotency-Key: a repeated key of the same user gets the first answer back without the change
 * being applied twice (a retry after a lost response, the offline queue replaying). The key is
 * claimed before the work runs, so two concurrent requests with one key cannot both apply.
 */
import { apiErrorBody } from '@habitquest/contracts/errors';
import { and, eq, lt } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';

export const IDEMPOTENCY_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const IN_PROGRESS = 0;

export function idempotency(db: Database, now: () => Date): MiddlewareHandler<AppEnv> {
  let lastPurge = 0;
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined || !MUTATIONS.has(c.req.method)) {
      await next();
      return;
    }
    if (key.length === 0 || key.length > 200) {
      return c.json(
        apiErrorBody('VALIDATION', 'Idempotency-Key must be 1 to 200 characters.'),
        400,
      );
    }
    const userId = c.get('userId');
    const time = now();
    if (time.getTime() - lastPurge > 60 * 60 * 1000) {
      lastPurge = time.getTime();
      await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, new Date(time.getTime() - IDEMPOTENCY_TTL_MS)));
    }
    const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
    const claimed = await db
      .insert(idempotencyKeys)
      .values({
        userId,
        key,
        method: c.req.method,
        path: c.req.path,
        status: IN_PROGRESS,
        body: null,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await db.select().from(idempotencyKeys).where(where);
      if (first?.method !== c.req.method || first.path !== c.req.path) {
        return c.json(
          apiErrorBody('CONFLICT', 'This Idempotency-Key was already used for another request.'),
          409,
        );
      }
      if (first.status === IN_PROGRESS) {
        return c.json(
          apiErrorBody('CONFLICT', 'A request with this Idempotency-Key is still being processed.'),
          409,
        );
      }
      c.header('Idempotent-Replayed', 'true');
      return c.json(first.body as object, first.status as 200);
    }
    await next();
    // A server failure is not an answer to remember: the client may retry with the same key.
    if (c.res.status >= 500) {
      await db.delete(idempotencyKeys).where(where);
      return;
    }
    const text = await c.res.clone().text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    await db.update(idempotencyKeys).set({ status: c.res.status, body }).where(where);
  };
}
