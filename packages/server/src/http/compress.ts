/**
 * Gzip for clients that accept it (Hono's compress), and a cheap path for those that do not.
 *
 * Hono's compress marks every compressible answer `Vary: Accept-Encoding` through
 * `Context.header`, which, once the answer exists, rebuilds it as a full web Response with a
 * stream for a body; @hono/node-server then pipes that stream instead of writing the string it
 * was given. For a client that accepts no encoding nothing is compressed, so the header is set
 * on the answer's own headers instead, which keeps the answer as it was (docs/performance.md).
 */
import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

const ACCEPTS_COMPRESSION = /\b(gzip|deflate)\b|\*/i;

export function compressAnswers(): MiddlewareHandler {
  const compressing = compress();
  return async (c, next) => {
    const accepted = c.req.header('accept-encoding');
    if (accepted !== undefined && ACCEPTS_COMPRESSION.test(accepted)) return compressing(c, next);
    await next();
    const headers = c.res.headers;
    const type = headers.get('content-type');
    if (type === null || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
    const vary = headers.get('vary');
    if (vary === '*' || /\baccept-encoding\b/i.test(vary ?? '')) return;
    headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  };
}
