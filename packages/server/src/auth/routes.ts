/**
 * /api/auth/*: Better Auth's endpoints, with the app's own guards in front of sign-in, sign-up,
 * the username check, change-password and password reset (rate limits in the database, see
 * limits.ts, and the spec's "username not found" answer).
 */
import {
  AUTH_MESSAGES,
  NAME_MAX,
  oauthNotSetUpMessage,
  type AuthProviders,
  type OAuthProvider,
} from '@habitquest/contracts/auth';
import { apiErrorBody, ERROR_MESSAGES } from '@habitquest/contracts/errors';
import { authSubpath, routes } from '@habitquest/contracts/routes';
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { user } from '../db/schema';
import { clientIp } from '../http/client-ip';
import { refuseNul } from '../http/validate';
import type { Auth } from './auth';
import { AUTH_LIMITS, counterRetentionMs, usernameCheckKey, type AuthLimits } from './limits';
import { createdUserId, errorCodeOf, readJson, text, tooMany } from './answers';
import { giveBack, hitLimit, markSeen, rateLimitPurger, seenSince } from './rate-limit';
import { forgetResetLinks, knownAddressKey, resetLinkOwner } from './reset-links';
import { createSessionReader } from './session-reader';
import type { Logger } from '../logger';

/** Kept for the tests that count against it; every limit lives in limits.ts. */
export const SIGN_IN_PER_IP = AUTH_LIMITS.signInPerIp;

export const LIMIT_MESSAGES = {
  signInPerIp: 'Too many sign-in attempts. Please wait a few seconds and try again.',
  failuresFromHere:
    'Too many failed sign-in attempts for this account from your network. Please try again later.',
  accountUnderAttack:
    'This account has had many failed sign-in attempts, so for now it accepts sign-ins only from networks it was used on before. Please try again later, or reset your password.',
  signUps: 'Too many accounts were created from your network. Please try again later.',
  usernameChecks: 'Too many username checks. Please wait a few minutes and try again.',
  passwordChange: 'Too many wrong current passwords. Please try again later.',
  resetRequests: 'Too many reset requests. Please wait a moment and try again.',
  resetMails: 'Too many reset e-mails for this address. Please try again later.',
} as const;

export function authRoutes(options: {
  auth: Auth;
  db: Database;
  config: Config;
  logger: Logger;
  /** The limits of limits.ts unless a test gives others. */
  limits?: Partial<AuthLimits>;
}): Hono<AppEnv> {
  const { auth, db, config, logger } = options;
  const limits: AuthLimits = { ...AUTH_LIMITS, ...options.limits };
  const readSession = createSessionReader(auth, db);
  const app = new Hono<AppEnv>();
  const ipOf = (c: Context) => clientIp(c, config.trustProxy);
  const purgeCounters = rateLimitPurger(db, counterRetentionMs(limits));
  app.use(async (c, next) => {
    await purgeCounters(Date.now());
    // Text PostgreSQL cannot store, refused before a lookup or Better Auth could fail on it (a
    // NUL in a username answered 500, one in a name "Failed to create user").
    if (c.req.method === 'POST') refuseNul(await readJson(c));
    await next();
  });

  app.get(authSubpath(routes.providers), (c) => c.json(providersOf(config)));
  // An unconfigured provider gets words the sign-in dialog can show, not Better Auth's 404.
  app.post(authSubpath(routes.signInSocial), async (c) => {
    const provider = text((await readJson(c)).provider);
    if (!Object.hasOwn(config.oauth, provider))
      return c.json(apiErrorBody('VALIDATION', oauthNotSetUpMessage(provider)), 400);
    return auth.handler(c.req.raw);
  });
  app.post(authSubpath(routes.signInEmail), (c) => signIn(c, 'email'));
  app.post(authSubpath(routes.signInUsername), (c) => signIn(c, 'username'));
  // Every attempt counts, refused ones too: a duplicate e-mail or username answers whether it
  // exists, so sign-up is an oracle as well as a way to fill the database.
  app.post(authSubpath(routes.signUp), async (c) => {
    const now = Date.now();
    const ip = ipOf(c);
    const byIp = await hitLimit(db, `signup:ip:${ip}`, limits.signUpsPerIp, now);
    if (!byIp.isAllowed) return tooMany(c, byIp, LIMIT_MESSAGES.signUps);
    const refused = signUpIssue(await readJson(c));
    if (refused) {
      const issues = [refused];
      return c.json(apiErrorBody('VALIDATION', refused.message, { issues }), 400);
    }
    const response = await auth.handler(c.req.raw);
    // The address an account was made from is one its owner uses.
    const userId = response.ok ? await createdUserId(response) : null;
    if (userId) await markSeen(db, knownAddressKey(userId, ip), now);
    return response;
  });
  // Each answer says whether a username exists.
  app.post(authSubpath(routes.isUsernameAvailable), async (c) => {
    const byIp = await hitLimit(
      db,
      usernameCheckKey(ipOf(c)),
      limits.usernameChecksPerIp,
      Date.now(),
    );
    if (!byIp.isAllowed) return tooMany(c, byIp, LIMIT_MESSAGES.usernameChecks);
    return auth.handler(c.req.raw);
  });
  // A stolen session must not become unlimited guesses at the current password. Better Auth
  // checks it in two endpoints (the web app uses neither yet); both share one counter.
  app.post(authSubpath(routes.changePassword), (c) => changePassword(c));
  app.post(authSubpath(routes.verifyPassword), (c) => guardCurrentPassword(c));
  app.post(authSubpath(routes.requestPasswordReset), async (c) => {
    const email = text((await readJson(c)).email).toLowerCase();
    const now = Date.now();
    const byIp = await hitLimit(db, `reset:ip:${ipOf(c)}`, limits.resetRequestsPerIp, now);
    if (!byIp.isAllowed) return tooMany(c, byIp, LIMIT_MESSAGES.resetRequests);
    // Per (e-mail, client address), then per e-mail with the known addresses let through: an
    // attacker's requests use up their own pair, not the owner's (limits.ts). Counted alike
    // whether an account has the address or not, so the answers do not tell.
    const ip = ipOf(c);
    const pairKey = `reset:mail-pair:${email}:${ip}`;
    const byPair = await hitLimit(db, pairKey, limits.resetMailsPerAddressAndIp, now);
    if (!byPair.isAllowed) return tooMany(c, byPair, LIMIT_MESSAGES.resetMails);
    const byAddress = await hitLimit(db, `reset:mail:${email}`, limits.resetMailsPerAddress, now);
    if (!byAddress.isAllowed && !(await isKnownAddressOf(email, ip, now))) {
      return tooMany(c, byAddress, LIMIT_MESSAGES.resetMails);
    }
    return auth.handler(c.req.raw);
  });
  // A reset proves the mailbox: the address it was made from becomes one the owner uses (an
  // attack on the account does not keep them out of it), and every other link mailed goes.
  app.post(authSubpath(routes.resetPassword), async (c) => {
    const token = text((await readJson(c)).token);
    const userId = token ? await resetLinkOwner(db, token) : null;
    const response = await auth.handler(c.req.raw);
    if (response.ok && userId) {
      await forgetResetLinks(db, userId);
      await markSeen(db, knownAddressKey(userId, ipOf(c)), Date.now());
    }
    return response;
  });
  // Only the endpoints the app uses are Better Auth's to answer (docs/security.md): the others
  // (update-user, delete-user, link-social…) change an account around the app's rules.
  app.on(['GET', 'POST'], '/*', (c) => {
    const path = new URL(c.req.url).pathname;
    return isOpenAuthPath(c.req.method, path) ? auth.handler(c.req.raw) : notFoundAnswer(c);
  });

  /**
   * Lets a request that checks the current password through unless it failed too often. The
   * attempt is counted before it is checked and given back when it was right, so a burst of
   * guesses sent at once is held to the limit as a sequence is.
   */
  async function guardCurrentPassword(
    c: Context<AppEnv>,
    request: Request = c.req.raw,
  ): Promise<Response> {
    const userId = (await readSession(c.req.header('cookie')))?.userId;
    if (!userId) return auth.handler(request);
    const now = Date.now();
    const key = `password-check:fail:${userId}`;
    const rule = limits.passwordChangeFailuresPerAccount;
    const failures = await hitLimit(db, key, rule, now);
    if (!failures.isAllowed) return tooMany(c, failures, LIMIT_MESSAGES.passwordChange);
    const response = await auth.handler(request);
    const isWrong = response.status === 400 && (await errorCodeOf(response)) === 'INVALID_PASSWORD';
    if (!isWrong) await giveBack(db, key, rule, now);
    return response;
  }

  /**
   * A new password in Settings: never the current one, and always signing every other session of
   * the account out (docs/product.md, "Account"), whatever the client asks. Once it is changed,
   * a reset link mailed before stops working.
   */
  async function changePassword(c: Context<AppEnv>): Promise<Response> {
    const body = await readJson(c);
    if (typeof body.newPassword === 'string' && body.newPassword === body.currentPassword) {
      const message = AUTH_MESSAGES.samePassword;
      return c.json(
        apiErrorBody('VALIDATION', message, { issues: [{ path: 'newPassword', message }] }),
        400,
      );
    }
    const request = new Request(c.req.raw, {
      body: JSON.stringify({ ...body, revokeOtherSessions: true }),
    });
    // Read before the change: signing the other sessions out gives this one a new token.
    const userId = (await readSession(c.req.header('cookie')))?.userId;
    const response = await guardCurrentPassword(c, request);
    if (response.ok && userId) await forgetResetLinks(db, userId);
    return response;
  }

  /** Whether the account with this e-mail address signed in from `ip` lately (limits.ts). */
  async function isKnownAddressOf(email: string, ip: string, now: number): Promise<boolean> {
    if (!email) return false;
    const [account] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (!account) return false;
    return seenSince(db, knownAddressKey(account.id, ip), now - limits.knownAddressMs);
  }

  /** Sign-in with the policy of limits.ts: per address, per (account, address), per account. */
  async function signIn(c: Context<AppEnv>, kind: 'email' | 'username'): Promise<Response> {
    const now = Date.now();
    const ip = ipOf(c);
    const byIp = await hitLimit(db, `signin:ip:${ip}`, limits.signInPerIp, now);
    if (!byIp.isAllowed) return tooMany(c, byIp, LIMIT_MESSAGES.signInPerIp);

    const body = await readJson(c);
    const identifier = text(kind === 'email' ? body.email : body.username).toLowerCase();
    let account: { id: string } | undefined;
    try {
      [account] = identifier
        ? await db
            .select({ id: user.id })
            .from(user)
            .where(kind === 'email' ? eq(user.email, identifier) : eq(user.username, identifier))
        : [];
    } catch (error) {
      // The spec's words for a username that could not be looked up; nothing was changed.
      if (kind !== 'username') throw error;
      logger.error({ err: error }, 'a username could not be looked up');
      return c.json(apiErrorBody('INTERNAL', ERROR_MESSAGES.usernameLookupFailed), 500);
    }
    if (kind === 'username' && identifier && !account) {
      return c.json(apiErrorBody('UNAUTHENTICATED', ERROR_MESSAGES.usernameNotFound), 401);
    }
    // An unknown e-mail is counted under its text, so guessing at it costs the same.
    const accountKey = account?.id ?? `unknown:${identifier}`;
    const pairKey = `signin:fail-pair:${accountKey}:${ip}`;
    const accountFailKey = `signin:fail:${accountKey}`;
    // Each attempt is counted as a failure before it is made and given back when it was not one:
    // attempts sent at once cannot all pass a check made before any of them was counted.
    const fromHere = await hitLimit(db, pairKey, limits.failuresPerAccountAndIp, now);
    if (!fromHere.isAllowed) return tooMany(c, fromHere, LIMIT_MESSAGES.failuresFromHere);
    const fromAll = await hitLimit(db, accountFailKey, limits.failuresPerAccount, now);
    if (!fromAll.isAllowed) {
      const isKnown =
        account !== undefined &&
        (await seenSince(db, knownAddressKey(account.id, ip), now - limits.knownAddressMs));
      if (!isKnown) return tooMany(c, fromAll, LIMIT_MESSAGES.accountUnderAttack);
    }

    const response = await auth.handler(c.req.raw);
    if (response.status !== 401 && response.status !== 403) {
      await giveBack(db, pairKey, limits.failuresPerAccountAndIp, now);
      await giveBack(db, accountFailKey, limits.failuresPerAccount, now);
      if (response.ok && account) await markSeen(db, knownAddressKey(account.id, ip), now);
    }
    return response;
  }

  return app;
}

/**
 * What Better Auth would store unchecked from a sign-up: a display name of any length (sent back
 * with every session), an e-mail longer than any address, a picture link of any kind.
 */
function signUpIssue(body: Record<string, unknown>): { path: string; message: string } | null {
  if (typeof body.name === 'string' && body.name.length > NAME_MAX)
    return { path: 'name', message: AUTH_MESSAGES.nameTooLong };
  if (typeof body.email === 'string' && body.email.trim().length > 254)
    return { path: 'email', message: AUTH_MESSAGES.emailInvalid };
  if (body.image !== undefined) return { path: 'image', message: AUTH_MESSAGES.imageRefused };
  return null;
}

/** The paths under /api/auth the app calls that no guard above answers first. */
const OPEN_AUTH_PATHS: ReadonlySet<string> = new Set(
  [routes.session, routes.signOut, routes.listAccounts, routes.verifyPassword].map(
    (route) => `${route.method.toUpperCase()} ${route.path}`,
  ),
);

/**
 * Whether Better Auth answers this request: the app's routes, the page a mailed reset link opens
 * (GET reset-password/:token) and the OAuth providers' callbacks.
 */
function isOpenAuthPath(method: string, path: string): boolean {
  if (OPEN_AUTH_PATHS.has(`${method} ${path}`)) return true;
  if (method === 'GET' && /^\/api\/auth\/reset-password\/[^/]+$/.test(path)) return true;
  return /^\/api\/auth\/(callback\/[a-z]+|error)$/.test(path);
}

function notFoundAnswer(c: Context): Response {
  return c.json(apiErrorBody('NOT_FOUND', ERROR_MESSAGES.notFound), 404);
}

/** Which OAuth providers have credentials on this server. */
function providersOf(config: Config): AuthProviders {
  const isOn = (name: OAuthProvider) => config.oauth[name] !== undefined;
  return {
    providers: { google: isOn('google'), github: isOn('github'), discord: isOn('discord') },
  };
}
