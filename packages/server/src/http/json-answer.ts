/**
 * A route's JSON answer, gzip'd here when the client accepts gzip (browsers do) and the text is
 * over 1 KB: one zlib call on the thread pool, with the answer written to the socket as bytes.
 * Hono's compress (http/compress.ts) would do the same through a web CompressionStream, which
 * rebuilds the answer as a full Response with a stream for a body, on the request thread
 * (docs/performance.md, "Reads: one query a request").
 *
 * A request with an Idempotency-Key is answered as text: the idempotency middleware keeps the
 * answer's text for a replay (http/idempotency.ts), and Hono's compress still gzips it on the way
 * out.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { parseAccept } from 'hono/utils/accept';

const gzipAsync = promisify(gzip);
/** Below this, compressing saves less than it costs (Hono's compress uses the same threshold). */
const THRESHOLD = 1024;

/** Whether the Accept-Encoding header accepts gzip (by name or by `*`, with a quality above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  const accepts = parseAccept(header);
  const named = accepts.find((accept) => accept.type.toLowerCase() === 'gzip');
  const quality = named ? named.q : accepts.find((accept) => accept.type === '*')?.q;
  return quality !== undefined && quality > 0;
}

/** jsonAnswer of a value: an error, a replayed answer. */
export function jsonValueAnswer(
  c: Context,
  value: unknown,
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  return jsonAnswer(c, JSON.stringify(value), status);
}

export async function jsonAnswer(
  c: Context,
  text: string,
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  if (
    text.length < THRESHOLD ||
    c.req.header('idempotency-key') !== undefined ||
    !acceptsGzip(c.req.header('accept-encoding'))
  ) {
    // With its length, so compress (http/compress.ts) sees at once that it is small.
    return c.body(text, status, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
    });
  }
  const body = await gzipAsync(text);
  return c.body(new Uint8Array(body.buffer, body.byteOffset, body.byteLength), status, {
    'content-type': 'application/json',
    'content-encoding': 'gzip',
    vary: 'Accept-Encoding',
  });
}
