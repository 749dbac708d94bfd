/**
 * Gzip for clients that accept it (Hono's compress), for answers worth it, and a cheap path for
 * the rest.
 *
 * Hono's compress skips an answer under 1 KB only when it knows the answer's length, and an
 * answer made from a string (`c.json`, `c.body`) carries no Content-Length. The API's JSON answers
 * (a route's, an error, a replay: json-answer.ts) therefore give their length, so that a change's
 * 200-byte answer is not gzip'd through a web CompressionStream (about 0.5 ms of the request
 * thread, for a few bytes or none: docs/performance.md). Answers of unknown length are not measured here: the export is a stream
 * of JSON, and reading it whole would defeat its streaming.
 *
 * Hono's compress marks every compressible answer it handles `Vary: Accept-Encoding` through
 * `Context.header`, which, once the answer exists, rebuilds it as a full web Response with a
 * stream for a body; @hono/node-server then pipes that stream instead of writing the string it
 * was given. For an answer that is not compressed the header is set on the answer's own headers
 * instead, which keeps the answer as it was.
 */
import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

const ACCEPTS_COMPRESSION = /\b(gzip|deflate)\b|\*/i;

export function compressAnswers(): MiddlewareHandler {
  const compressing = compress();
  return async (c, next) => {
    const accepted = c.req.header('accept-encoding');
    if (accepted !== undefined && ACCEPTS_COMPRESSION.test(accepted)) await compressing(c, next);
    else await next();
    const headers = c.res.headers;
    const type = headers.get('content-type');
    if (type === null || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
    const vary = headers.get('vary');
    if (vary === '*' || /\baccept-encoding\b/i.test(vary ?? '')) return;
    headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  };
}
