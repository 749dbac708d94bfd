import { ERROR_MESSAGES } from '@habitquest/contracts/errors';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { SessionReader } from '../auth/session-reader';
import { HttpError } from './errors';

/** Every data route needs a session; its user id scopes everything that follows. */
export function requireUser(
  readSession: SessionReader,
  message: string = ERROR_MESSAGES.unauthenticated,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const userId = await readSession(c.req.header('cookie'));
    if (userId === null) throw new HttpError('UNAUTHENTICATED', message);
    c.set('userId', userId);
    await next();
  };
}
