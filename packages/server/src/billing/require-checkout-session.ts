import { ERROR_MESSAGES } from '@habitquest/contracts/errors';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { Auth } from '../auth/auth';
import { HttpError } from '../http/errors';

/**
 * Runs before the API's own session check on POST /api/checkout, so a signed-out checkout gets the
 * spec's own sentence ('User must be authenticated to begin checkout') instead of the generic one.
 */
export function requireCheckoutSession(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw new HttpError('UNAUTHENTICATED', ERROR_MESSAGES.checkoutUnauthenticated);
    await next();
  };
}
