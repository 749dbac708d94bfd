import { ERROR_MESSAGES } from '@habitquest/contracts/errors';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { Auth } from '../auth/auth';
import { HttpError } from './errors';

/** Every data route needs a session; its user id scopes everything that follows. */
export function requireUser(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw new HttpError('UNAUTHENTICATED', ERROR_MESSAGES.unauthenticated);
    c.set('userId', session.user.id);
    await next();
  };
}
