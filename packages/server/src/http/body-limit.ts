import { apiErrorBody } from '@habitquest/contracts/errors';
import type { MiddlewareHandler } from 'hono';
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

/** Refuses oversized bodies before anything reads them. */
export function bodyLimits(): MiddlewareHandler<AppEnv> {
  const regular = limit(MAX_BODY_BYTES);
  const imports = limit(MAX_IMPORT_BYTES);
  return (c, next) => {
    // A GET or HEAD has no body to limit; asking for one would make @hono/node-server build a
    // full web Request for nothing.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return c.req.path === '/api/import' ? imports(c, next) : regular(c, next);
  };
}
