/**
 * Idempotency-Key: a repeated key of the same user gets the first answer back without the change
 * being applied twice (a retry after a lost response, the offline queue replaying). The key is
 * claimed before the work runs, so two concurrent requests with one key cannot both apply.
 *
 * A key names one request: it is stored with a hash of the method, the path (with its query) and
 * the body, and the same key sent with anything else is refused with 422 IDEMPOTENCY_KEY_REUSED
 * rather than answered with the first request's result, which would tell the client that a change
 * it never made was applied. JSON bodies are compared by value (key order and spacing do not
 * matter); other bodies byte for byte.
 */
import { createHash } from 'node:crypto';
import { apiErrorBody, ERROR_MESSAGES } from '@habitquest/contracts/errors';
import { MAX_ENTRY_AGE_DAYS } from '@habitquest/core/offline-queue';
import { and, eq, lt } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How long a key is remembered: the longest an offline queue keeps an entry (7 days) plus 2 days,
 * so an entry replayed at the very end of its life, by a device whose clock runs behind, or a retry
 * of that replay, still finds its key. Keys are purged at most hourly, so one may live an hour more.
 */
export const IDEMPOTENCY_TTL_MS = (MAX_ENTRY_AGE_DAYS + 2) * DAY_MS;
const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const IN_PROGRESS = 0;

/** The same JSON value gives the same text whatever its key order or spacing. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 of what makes a request this request: method, path with query, and body. */
async function hashRequest(c: Context<AppEnv>): Promise<string> {
  // Hono keeps the text, so the route's own c.req.json() still reads the body.
  const text = await c.req.text();
  let body: string;
  try {
    body = `json:${canonicalJson(JSON.parse(text))}`;
  } catch {
    body = `raw:${text}`;
  }
  const url = new URL(c.req.url);
  return createHash('sha256')
    .update(`${c.req.method}\n${url.pathname}${url.search}\n`)
    .update(body)
    .digest('hex');
}

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
    const requestHash = await hashRequest(c);
    const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
    const claimed = await db
      .insert(idempotencyKeys)
      .values({
        userId,
        key,
        method: c.req.method,
        path: c.req.path,
        requestHash,
        status: IN_PROGRESS,
        body: null,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await db.select().from(idempotencyKeys).where(where);
      const isSameRequest =
        first === undefined ||
        (first.method === c.req.method &&
          first.path === c.req.path &&
          // Keys stored before hashes were recorded are compared by method and path alone.
          (first.requestHash === null || first.requestHash === requestHash));
      if (!isSameRequest) {
        return c.json(
          apiErrorBody('IDEMPOTENCY_KEY_REUSED', ERROR_MESSAGES.idempotencyKeyReused),
          422,
        );
      }
      // Gone since the claim failed: the first attempt failed and was forgotten; retry.
      if (first === undefined || first.status === IN_PROGRESS) {
        return c.json(apiErrorBody('IDEMPOTENCY_IN_PROGRESS'), 409);
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
