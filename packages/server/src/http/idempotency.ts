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
 *
 * A route may claim and store its key in its own transaction instead (`claimedByRoute`; the
 * completion set-state does, habits/set-completion.ts): the claim is written with the change and
 * the answer before the commit, in the same round trips. A concurrent request with the same key
 * then waits for that commit and replays its answer, and a change that fails leaves no claim
 * behind, so a retry runs it again. Such a route answers a key already taken with
 * `answerForTakenKey`, as this middleware does.
 *
 * Elsewhere the claim, the change and the stored answer are three writes, and the answer can be
 * lost between them (the process stops, or the store fails after the change committed). A claim
 * left in progress for longer than any request runs (`STALE_CLAIM_MS`) is taken over by the next
 * request with the same key, which runs the change again, rather than being answered 409 until the
 * key expires: an offline queue replays in order, so a claim stuck for days would hold back every
 * later change of that device (docs/security.md, "Idempotency keys").
 *
 * A body over `CANONICAL_BODY_LIMIT` (an import) is hashed as it came, not by value: putting
 * 20 MB of JSON in canonical order takes the request thread about a second, and a replay sends
 * the same bytes again.
 *
 * Every change with a new key stores a row, refusals included, and nothing else limits how many
 * changes a user sends, so a user's keys are capped (`MAX_KEYS_PER_USER`): without it, a script
 * sending fresh keys could fill the table for the whole retention time.
 */
import { createHash } from 'node:crypto';
import { apiErrorBody, ERROR_MESSAGES } from '@habitquest/contracts/errors';
import { canonicalJson } from '@habitquest/core/canonical-json';
import { MAX_ENTRY_AGE_DAYS } from '@habitquest/core/offline-queue';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { literal } from '../db/sql-text';
import type { Logger } from '../logger';
import { jsonValueAnswer } from './json-answer';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How long a key is remembered: the longest an offline queue keeps an entry (7 days) plus 2 days,
 * so an entry replayed at the very end of its life, by a device whose clock runs behind, or a retry
 * of that replay, still finds its key. Keys are purged at most hourly, so one may live an hour more.
 */
export const IDEMPOTENCY_TTL_MS = (MAX_ENTRY_AGE_DAYS + 2) * DAY_MS;
const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const IN_PROGRESS = 0;
/**
 * How long a claim may stay in progress before the next request with its key takes it over: longer
 * than any request runs (the largest import on the embedded database takes about a minute).
 */
export const STALE_CLAIM_MS = 10 * 60 * 1000;
/**
 * The most keys one user keeps: far more than a person makes in the retention time (the offline
 * queue holds at most 100 changes), so only a script sending new keys without end reaches it.
 * Beyond it the user's oldest keys are deleted; a replay with one of those is applied again, as
 * after the retention time.
 */
export const MAX_KEYS_PER_USER = 10_000;
/**
 * Every this many keys a user sends to an instance, that instance trims the user's keys to
 * MAX_KEYS_PER_USER (one statement over that user's keys), so a user holds at most MAX_KEYS_PER_USER plus this many
 * per instance, and an ordinary change pays nothing for the cap.
 */
export const KEYS_PER_TRIM = 100;
/** Above this many users counted at once, an instance starts its counts afresh (memory). */
const MAX_COUNTED_USERS = 10_000;
/** Bodies up to this size are compared by value (key order and spacing do not matter). */
export const CANONICAL_BODY_LIMIT = 64 * 1024;

/** SHA-256 of what makes a request this request: method, path with query, and body. */
async function hashRequest(c: Context<AppEnv>): Promise<string> {
  // Hono keeps the text, so the route's own c.req.json() still reads the body.
  const text = await c.req.text();
  let body = `raw:${text}`;
  if (text.length <= CANONICAL_BODY_LIMIT) {
    try {
      body = `json:${canonicalJson(JSON.parse(text))}`;
    } catch {
      // not JSON: compared byte for byte
    }
  }
  const url = new URL(c.req.url);
  return createHash('sha256')
    .update(`${c.req.method}\n${url.pathname}${url.search}\n`)
    .update(body)
    .digest('hex');
}

/** A key to claim in the route's own transaction (the row this middleware would write). */
export type KeyClaim = {
  userId: string;
  key: string;
  method: string;
  path: string;
  requestHash: string;
};

/** The insert of a claim, as SQL text (db/sql-text.ts); it returns a row only when it claimed. */
export function claimText(claim: KeyClaim): string {
  return `insert into idempotency_keys (user_id, key, method, path, request_hash, status, body) values (${literal(claim.userId)}, ${literal(claim.key)}, ${literal(claim.method)}, ${literal(claim.path)}, ${literal(claim.requestHash)}, ${String(IN_PROGRESS)}, null) on conflict do nothing returning key`;
}

/** Stores the answer of a claimed key, as SQL text, to be sent before the claim's commit. */
export function storeAnswerText(claim: KeyClaim, status: number, body: unknown): string {
  return `update idempotency_keys set status = ${literal(status)}, body = ${literal(JSON.stringify(body))}::jsonb where user_id = ${literal(claim.userId)} and key = ${literal(claim.key)}`;
}

/**
 * What a route that claims its key in its own transaction answers when the key was taken already
 * (by a request that committed, or that is running): nothing was done, and the route answers with
 * `answerForTakenKey`.
 */
export const KEY_TAKEN = Symbol('key taken');
export type KeyTaken = typeof KEY_TAKEN;

/**
 * The answer to a request whose key is already taken: the first answer again, 422 when the key
 * named another request, or 409 while the first is still in progress.
 */
export async function answerForTakenKey(
  c: Context<AppEnv>,
  db: Database,
  claim: KeyClaim,
): Promise<Response> {
  const [first] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
  const isSameRequest =
    first === undefined ||
    (first.method === claim.method &&
      first.path === claim.path &&
      // Keys stored before hashes were recorded are compared by method and path alone.
      (first.requestHash === null || first.requestHash === claim.requestHash));
  if (!isSameRequest) {
    return jsonValueAnswer(
      c,
      apiErrorBody('IDEMPOTENCY_KEY_REUSED', ERROR_MESSAGES.idempotencyKeyReused),
      422,
    );
  }
  // Gone since the claim failed: the first attempt failed and was forgotten; retry.
  if (first === undefined || first.status === IN_PROGRESS) {
    return jsonValueAnswer(c, apiErrorBody('IDEMPOTENCY_IN_PROGRESS'), 409);
  }
  c.header('Idempotent-Replayed', 'true');
  return jsonValueAnswer(c, first.body, first.status as 200);
}

export function idempotency(
  db: Database,
  now: () => Date,
  logger: Logger,
  options: {
    /** Requests whose route claims and stores the key in its own transaction (see above). */
    claimedByRoute?: (c: Context<AppEnv>) => boolean;
  } = {},
): MiddlewareHandler<AppEnv> {
  let lastPurge = 0;
  const keysSinceTrim = new Map<string, number>();
  /** Deletes the user's oldest keys beyond MAX_KEYS_PER_USER, every KEYS_PER_TRIM keys. */
  const trimWhenDue = async (userId: string): Promise<void> => {
    const count = (keysSinceTrim.get(userId) ?? 0) + 1;
    if (count < KEYS_PER_TRIM) {
      if (keysSinceTrim.size >= MAX_COUNTED_USERS && !keysSinceTrim.has(userId))
        keysSinceTrim.clear();
      keysSinceTrim.set(userId, count);
      return;
    }
    keysSinceTrim.delete(userId);
    await db.execute(sql`
      delete from idempotency_keys
      where user_id = ${userId}
        and key in (
          select key from idempotency_keys
          where user_id = ${userId}
          order by created_at desc, key
          offset ${MAX_KEYS_PER_USER}
        )`);
  };
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined || !MUTATIONS.has(c.req.method)) {
      await next();
      return;
    }
    if (key.length === 0 || key.length > 200) {
      return jsonValueAnswer(
        c,
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
    const claim: KeyClaim = { userId, key, method: c.req.method, path: c.req.path, requestHash };
    if (options.claimedByRoute?.(c) === true) {
      c.set('keyClaim', claim);
      await next();
      // Such a route may check the session itself (http/require-user.ts): nothing is written for
      // the user unless it found the session live.
      if (c.res.status === 401) return;
      try {
        await trimWhenDue(userId);
      } catch (error) {
        // The change may be committed: a failed trim must not turn it into an error answer.
        logger.warn(
          { err: error, requestId: c.get('requestId') },
          "a user's old keys were not trimmed",
        );
      }
      // The route stored its answer with its change, or answered a taken key, and said so by
      // clearing keyClaim. A refusal (4xx) raised before or inside its transaction, which then
      // rolled back, is remembered here, as every route's refusals are.
      if (c.get('keyClaim') === undefined || c.res.status < 400 || c.res.status >= 500) return;
      try {
        await db
          .insert(idempotencyKeys)
          .values({ ...claim, status: c.res.status, body: await answerBody(c) })
          .onConflictDoNothing();
      } catch (error) {
        // Not remembered: a retry is judged again, and refused again.
        notStored(logger, c, error);
      }
      return;
    }
    await trimWhenDue(userId);
    const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ ...claim, status: IN_PROGRESS, body: null, createdAt: time })
      // A claim of this same request left in progress past STALE_CLAIM_MS is taken over (above).
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: { createdAt: time },
        setWhere: and(
          eq(idempotencyKeys.status, IN_PROGRESS),
          lt(idempotencyKeys.createdAt, new Date(time.getTime() - STALE_CLAIM_MS)),
          eq(idempotencyKeys.method, claim.method),
          eq(idempotencyKeys.path, claim.path),
          or(
            isNull(idempotencyKeys.requestHash),
            eq(idempotencyKeys.requestHash, claim.requestHash),
          ),
        ),
      })
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) return answerForTakenKey(c, db, claim);
    await next();
    // The change is done (or refused): a failure to remember its answer must not turn it into an
    // error. The claim then stays in progress until it is stale and taken over.
    try {
      // A server failure is not an answer to remember: the client may retry with the same key.
      if (c.res.status >= 500) {
        await db.delete(idempotencyKeys).where(where);
        return;
      }
      await db
        .update(idempotencyKeys)
        .set({ status: c.res.status, body: await answerBody(c) })
        .where(where);
    } catch (error) {
      notStored(logger, c, error);
    }
  };
}

function notStored(logger: Logger, c: Context<AppEnv>, error: unknown): void {
  logger.warn(
    { err: error, requestId: c.get('requestId') },
    "an Idempotency-Key's answer was not stored",
  );
}

/** The answer's JSON, as stored for a replay (null when it has none). */
async function answerBody(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.res.clone().text();
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}
