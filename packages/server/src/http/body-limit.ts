import type { IncomingMessage } from 'node:http';
import { apiErrorBody } from '@habitquest/contracts/errors';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../app-env';

export const MAX_BODY_BYTES = 1024 * 1024;
/** A backup of a large, years-long history is the one big body the API accepts. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

function limit(maxSize: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize,
    onError: (c) => {
      // The rest of the body was never read, so this connection cannot carry another request:
      // say so, rather than promise keep-alive and then drop it under the client.
      c.header('Connection', 'close');
      return c.json(
        apiErrorBody(
          'VALIDATION',
          `The request is too large (at most ${String(Math.round(maxSize / 1024 / 1024))} MB).`,
        ),
        413,
      );
    },
  });
}

/**
 * Paths whose handlers read the web Request itself (Better Auth, the Stripe webhook's signed
 * bytes) or a large body (the import): their bodies are left to Hono.
 */
const READS_ITS_OWN_BODY = /^\/api\/(auth|webhooks)\/|^\/api\/import$/;

/**
 * A small JSON body with a Content-Length, read straight from Node's request into Hono's body
 * cache, from which `c.req.json()` and `c.req.text()` answer. Through Hono, reading any body makes
 * @hono/node-server build a full web Request (an AbortSignal, a web stream over the socket): a
 * measurable part of every change's CPU (docs/performance.md, "Server paths"). Answers false when
 * the request is not such a one, and leaves it to Hono.
 */
async function readSmallJson(c: Context<AppEnv>): Promise<boolean> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming === undefined || incoming.readableDidRead) return false;
  const length = Number(incoming.headers['content-length'] ?? Number.NaN);
  if (!Number.isSafeInteger(length) || length < 0 || length > MAX_BODY_BYTES) return false;
  if (incoming.headers['transfer-encoding'] !== undefined) return false;
  if (!/^application\/json\b/i.test(incoming.headers['content-type'] ?? '')) return false;
  if (READS_ITS_OWN_BODY.test(c.req.path)) return false;
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  // Decoded as Request.text() decodes: UTF-8, a leading byte order mark dropped.
  const text = new TextDecoder().decode(Buffer.concat(chunks));
  // Hono keeps the promise of each body it has read (its type says the value).
  (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
  return true;
}

/** Refuses oversized bodies before anything reads them. */
export function bodyLimits(): MiddlewareHandler<AppEnv> {
  const regular = limit(MAX_BODY_BYTES);
  const imports = limit(MAX_IMPORT_BYTES);
  return async (c, next) => {
    // A GET or HEAD has no body to limit; asking for one would make @hono/node-server build a
    // full web Request for nothing.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (await readSmallJson(c)) return next();
    return c.req.path === '/api/import' ? imports(c, next) : regular(c, next);
  };
}
