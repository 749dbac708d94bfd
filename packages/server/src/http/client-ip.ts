import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The client's address. X-Forwarded-For is believed only when TRUST_PROXY says how many proxies
 * the operator runs in front; otherwise anyone could pick a fresh address per request and dodge
 * every limit. Each proxy appends the address it saw to the header, after whatever the client sent
 * in it, so the visitor's address is the entry `trustedProxies` from the right: one proxy, the
 * last entry. The entries left of it are the client's own words (docs/security.md).
 */
export function clientIp(c: Context, trustedProxies: number): string {
  if (trustedProxies > 0) {
    const forwarded = forwardedClient(c.req.header('x-forwarded-for'), trustedProxies);
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * The entry of X-Forwarded-For that the outermost of `trustedProxies` proxies appended; with
 * fewer entries (a request that passed fewer proxies), the first one.
 */
export function forwardedClient(header: string | undefined, trustedProxies: number): string | null {
  const entries = (header ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return entries[Math.max(0, entries.length - trustedProxies)] ?? null;
}
