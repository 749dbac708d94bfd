import { ERROR_MESSAGES } from '@habitquest/contracts/errors';
import { EXPECTED_USER_HEADER, REVISION_HEADER } from '@habitquest/contracts/headers';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { SessionReader } from '../auth/session-reader';
import { HttpError } from './errors';
import { importGate } from './import-gate';

/**
 * Every data route needs a session; its user id scopes everything that follows. A request naming
 * another account (EXPECTED_USER_HEADER: the browser cannot tell whose session cookie it holds
 * now) is answered 401 like one without a session, and applies nothing. While the user's
 * import is being written (embedded database), their other requests are refused, and everyone
 * else's go before the import's next step: see import-gate.ts. A read's answer carries the
 * revision of the user's data checked with the session (REVISION_HEADER).
 *
 * A route that `checksSession` itself (the completion set-state) is handed a session this process
 * has seen live without a lookup: its user id and token (`sessionToken`), with no revision. The
 * route must then check the session in its first statement, before it reads or changes anything,
 * and answer 401 when it is gone; the token is then forgotten. Any other session is looked up here.
 */
export function requireUser(
  readSession: SessionReader,
  message: string = ERROR_MESSAGES.unauthenticated,
  options: { checksSession?: (c: Context<AppEnv>) => boolean } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ended = importGate.started(c.req.path);
    try {
      const cookie = c.req.header('cookie');
      const deferred = options.checksSession?.(c) === true ? readSession.remembered(cookie) : null;
      const signedIn = deferred ? { ...deferred, revision: null } : await readSession(cookie);
      if (signedIn === null) throw new HttpError('UNAUTHENTICATED', message);
      const { userId } = signedIn;
      const expected = c.req.header(EXPECTED_USER_HEADER);
      if (expected !== undefined && expected !== userId)
        throw new HttpError('UNAUTHENTICATED', ERROR_MESSAGES.otherAccount);
      c.set('userId', userId);
      c.set('revision', signedIn.revision);
      c.set('sessionToken', deferred?.token);
      // A read says how new its data is at least (REVISION_HEADER): read before it was.
      if (c.req.method === 'GET' && signedIn.revision !== null)
        c.header(REVISION_HEADER, String(signedIn.revision));
      const leave = importGate.enter(userId, c.req.path);
      try {
        await next();
      } finally {
        leave();
      }
      // The route found the session gone: the next request looks it up.
      if (deferred && c.res.status === 401) readSession.forget(deferred.token);
    } finally {
      ended();
    }
  };
}
