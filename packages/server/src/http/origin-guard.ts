import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { HttpError } from './errors';
import { isOwnAddress, otherAddressMessage } from './public-address';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection for the app's own API: a state-changing request must say it comes from one of
 * our origins. Browsers always send Origin on such requests, and a page on another site cannot
 * forge it; a request without one is refused too, since nothing legitimate needs to omit it.
 */
export function originGuard(
  trustedOrigins: readonly string[],
  options: {
    /** Paths called server to server (payment webhooks), which prove themselves another way. */
    exceptPrefixes?: readonly string[];
  } = {},
): MiddlewareHandler<AppEnv> {
  const allowed = new Set(trustedOrigins.map((origin) => new URL(origin).origin));
  const exceptPrefixes = options.exceptPrefixes ?? [];
  const publicUrl = trustedOrigins[0];
  return async (c, next) => {
    const isExempt = exceptPrefixes.some((prefix) => c.req.path.startsWith(prefix));
    if (!isExempt && !SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      if (!origin || !allowed.has(origin)) {
        // The app's own page, opened at another address than PUBLIC_URL: say where it runs.
        const hosts = [c.req.header('host'), c.req.header('x-forwarded-host')];
        if (origin && publicUrl && isOwnAddress(origin, hosts)) {
          throw new HttpError('FORBIDDEN', otherAddressMessage(publicUrl));
        }
        throw new HttpError(
          'FORBIDDEN',
          'This request was refused: it did not come from HabitQuest itself.',
        );
      }
    }
    await next();
  };
}
