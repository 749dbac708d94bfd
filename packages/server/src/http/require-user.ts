import { ERROR_MESSAGES } from '@habitquest/contracts/errors';
import { EXPECTED_USER_HEADER, REVISION_HEADER } from '@habitquest/contracts/headers';
import type { MiddlewareHandler } from 'hono';
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
 */
export function requireUser(
  readSession: SessionReader,
  message: string = ERROR_MESSAGES.unauthenticated,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const ended = importGate.started(c.req.path);
    try {
      const signedIn = await readSession(c.req.header('cookie'));
      if (signedIn === null) throw new HttpError('UNAUTHENTICATED', message);
      const { userId } = signedIn;
      const expected = c.req.header(EXPECTED_USER_HEADER);
      if (expected !== undefined && expected !== userId)
        throw new HttpError('UNAUTHENTICATED', ERROR_MESSAGES.otherAccount);
      c.set('userId', userId);
      c.set('revision', signedIn.revision);
      // A read says how new its data is at least (REVISION_HEADER): read before it was.
      if (c.req.method === 'GET' && signedIn.revision !== null)
        c.header(REVISION_HEADER, String(signedIn.revision));
      const leave = importGate.enter(userId, c.req.path);
      try {
        await next();
      } finally {
        leave();
      }
    } finally {
      ended();
    }
  };
}
