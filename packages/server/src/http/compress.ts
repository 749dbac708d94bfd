/**
 * Gzip for clients that accept it (Hono's compress), for answers worth it, and a cheap path for
 * the rest.
 *
 * Hono's compress skips an answer under 1 KB only when it knows the answer's length, and an
 * answer made from a string (`c.json`, `c.body`) carries no Content-Length: every small API
 * answer used to be gzip'd through a web CompressionStream, about 0.2 ms of the request thread
 * for a change's 200-byte answer, to save a few bytes or none (docs/performance.md). JSON answers
 * without a length are measured here first: those under 1 KB go as they are.
 *
 * Hono's compress marks every compressible answer it handles `Vary: Accept-Encoding` through
 * `Context.header`, which, once the answer exists, rebuilds it as a full web Response with a
 * stream for a body; @hono/node-server then pipes that stream instead of writing the string it
 * was given. For an answer that is not compressed the header is set on the answer's own headers
 * instead, which keeps the answer as it was.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

const ACCEPTS_COMPRESSION = /\b(gzip|deflate)\b|\*/i;

export function compressAnswers(): MiddlewareHandler {
  const compressing = compress();
  return async (c, next) => {
    const accepted = c.req.header('accept-encoding');
    if (accepted !== undefined && ACCEPTS_COMPRESSION.test(accepted)) {
      await compressing(c, async () => {
        await next();
        await measureJson(c);
      });
    } else {
      await next();
    }
    const headers = c.res.headers;
    const type = headers.get('content-type');
    if (type === null || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
    const vary = headers.get('vary');
    if (vary === '*' || /\baccept-encoding\b/i.test(vary ?? '')) return;
    headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  };
}

/** Gives a JSON answer of unknown length its Content-Length, so compress can judge its size. */
async function measureJson(c: Context): Promise<void> {
  const { headers, body } = c.res;
  if (body === null || headers.has('content-length') || headers.has('content-encoding')) return;
  if (!headers.get('content-type')?.startsWith('application/json')) return;
  const { status } = c.res;
  const text = await c.res.text();
  const measured = new Headers(headers);
  measured.set('content-length', String(Buffer.byteLength(text)));
  // Cleared first: assigned over an answer, Hono would wrap the new one's body as a stream.
  c.res = undefined;
  c.res = new Response(text, { status, headers: measured });
}
