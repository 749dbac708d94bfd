/**
 * The one address HabitQuest is used at (PUBLIC_URL, `http://localhost:<PORT>` by default): its
 * session cookie belongs to that host, and only that origin may change anything (origin-guard.ts).
 * A browser that opened the same server by another name gets the way there, not a dead end
 * (README, "Configuration").
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';

const LOOPBACK_NAMES = /^(?:127(?:\.\d{1,3}){3}|\[::1\])$/;

/**
 * Page requests on a loopback address (127.0.0.1, [::1]) are sent on to `localhost` when that is
 * the public address: they reach this very server, and there the user's cookie and the origin
 * check work. Only for the same port, and never for the API, whose callers are already the app.
 */
export function loopbackToPublicUrl(publicUrl: string): MiddlewareHandler<AppEnv> {
  const target = new URL(publicUrl);
  const applies = target.hostname === 'localhost';
  return async (c, next) => {
    if (!applies || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    if (c.req.path === '/api' || c.req.path.startsWith('/api/')) return next();
    if (loopbackPortOf(c.req.header('host')) !== target.port) return next();
    const url = new URL(c.req.url);
    return c.redirect(`${target.origin}${url.pathname}${url.search}`, 307);
  };
}

/**
 * Whether a refused Origin is the page's own address (the app opened by another name than
 * PUBLIC_URL, e.g. a LAN address), rather than another site's: such a user is told where to go.
 */
export function isOwnAddress(origin: string, hostHeaders: readonly (string | undefined)[]) {
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  return hostHeaders.some((header) => header?.split(',')[0]?.trim().toLowerCase() === host);
}

/** What that user reads: the address to open, and what makes this one work for whoever runs it. */
export function otherAddressMessage(publicUrl: string): string {
  return `HabitQuest is set up to be used at ${publicUrl}. Open it there, or set PUBLIC_URL to this address to use it here.`;
}

/** The port of a Host header naming a loopback address, else null. */
function loopbackPortOf(host: string | undefined): string | null {
  if (!host) return null;
  try {
    const { hostname, port } = new URL(`http://${host}`);
    return LOOPBACK_NAMES.test(hostname) ? port : null;
  } catch {
    return null;
  }
}
