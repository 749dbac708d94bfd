/**
 * The API's session check, on the path of every data request. It reads the session cookie Better
 * Auth set (`token.signature`, an HMAC-SHA256 of the token under the auth secret), verifies the
 * signature and looks the live session up in one indexed query, with the user's data revision.
 *
 * Better Auth's own getSession does the same and more (its endpoint pipeline, a user lookup,
 * refreshing the expiry), at about 6 ms of CPU per request (docs/performance.md). Whether a
 * session is live is never cached: a signed-out, revoked or expired session fails on the very next
 * request, on every instance. Sessions are still extended by Better Auth whenever the web app asks
 * /api/auth/get-session, which it does on every load and on window focus.
 *
 * What is remembered is whose a token is (`remembered`): a token belongs to one user for as long
 * as it exists. The completion set-state uses it to check the session inside its own first
 * statement, one round trip fewer (habits/set-completion.ts; docs/security.md, "Sessions").
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { parse } from 'hono/utils/cookie';
import type { Database } from '../db/client';
import { session } from '../db/auth-schema';
import { progress } from '../db/schema';
import type { Auth } from './auth';

/**
 * The signed-in user for a request's Cookie header, or null: their id, and the revision of their
 * data (progress.revision, moved by triggers on every change; null when the row is missing),
 * read in the same query, which keys the answers derived from that data (habits/derived-cache.ts).
 */
export type SessionReader = ((cookieHeader: string | undefined) => Promise<SignedIn | null>) & {
  /**
   * The user of a cookie header whose token this process has seen live, and the token, without
   * asking the database: whoever uses it must check the session is live in its own statement
   * (the token and user id, unexpired), before it reads or changes anything. Null otherwise.
   */
  remembered: (cookieHeader: string | undefined) => RememberedSession | null;
  /** Forgets a token's user, once a statement found its session gone. */
  forget: (token: string) => void;
};
export type SignedIn = { userId: string; revision: number | null };
export type RememberedSession = { userId: string; token: string };

/** How many verified cookie headers, and users of tokens, a process remembers (oldest out first). */
const VERIFIED_HEADERS = 10_000;

/** Sets `key` in a map kept to `capacity` entries, the oldest leaving first. */
function remember<V>(map: Map<string, V>, key: string, value: V, capacity: number): void {
  if (map.size >= capacity && !map.has(key)) map.delete(map.keys().next().value ?? '');
  map.set(key, value);
}

export function createSessionReader(auth: Auth, db: Database): SessionReader {
  // Better Auth's own settings, so the cookie's name and secret cannot drift from what it sets.
  const settings = auth.$context.then((context) => ({
    cookieName: context.authCookies.sessionToken.name,
    secret: context.secret,
  }));
  // Built once and prepared by name on each connection: the query is neither composed nor
  // planned again on every request.
  const lookup = db
    .select({ userId: session.userId, revision: progress.revision })
    .from(session)
    .leftJoin(progress, eq(progress.userId, session.userId))
    .where(
      and(
        eq(session.token, sql.placeholder('token')),
        gt(session.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('hq_session_check');
  // Cookie headers whose signature verified, and their token: the same header verifies the
  // same way every time, so the parse and the HMAC are done once per header, not per request.
  // Whether the session is still live is asked of the database every time, below.
  const verified = new Map<string, string>();
  // The user of each token a lookup found live. A token is one user's for as long as it exists.
  const users = new Map<string, string>();
  const read = async (cookieHeader: string | undefined): Promise<SignedIn | null> => {
    if (!cookieHeader) return null;
    let token = verified.get(cookieHeader) ?? null;
    if (token === null) {
      const { cookieName, secret } = await settings;
      token = verifiedToken(parse(cookieHeader, cookieName)[cookieName], secret);
      if (token === null) return null;
      remember(verified, cookieHeader, token, VERIFIED_HEADERS);
    }
    const [row] = await lookup.execute({ token, now: new Date() });
    if (row === undefined) {
      users.delete(token);
      return null;
    }
    remember(users, token, row.userId, VERIFIED_HEADERS);
    return row;
  };
  return Object.assign(read, {
    remembered: (cookieHeader: string | undefined): RememberedSession | null => {
      const token = cookieHeader === undefined ? undefined : verified.get(cookieHeader);
      const userId = token === undefined ? undefined : users.get(token);
      return token === undefined || userId === undefined ? null : { userId, token };
    },
    forget: (token: string): void => {
      users.delete(token);
    },
  });
}

/** The token of a `token.signature` cookie value whose signature is the secret's HMAC of it. */
export function verifiedToken(value: string | undefined, secret: string): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'utf8');
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
