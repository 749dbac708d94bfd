/**
 * /api/auth/*: Better Auth's endpoints, with the app's own guards in front of sign-in and
 * password reset (rate limits in the database, and the spec's "username not found" answer).
 */
import {
  oauthNotSetUpMessage,
  type AuthProviders,
  type OAuthProvider,
} from '@habitquest/contracts/auth';
import { apiErrorBody, ERROR_MESSAGES } from '@habitquest/contracts/errors';
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { user } from '../db/schema';
import { clientIp } from '../http/client-ip';
import type { Auth } from './auth';
import { hitLimit, peekLimit, type LimitResult, type LimitRule } from './rate-limit';

export const SIGN_IN_PER_IP: LimitRule = { windowMs: 10_000, max: 3 };
export const FAILURES_PER_ACCOUNT: LimitRule = { windowMs: 15 * 60_000, max: 10 };
export const RESET_MAILS_PER_ADDRESS: LimitRule = { windowMs: 60 * 60_000, max: 3 };
export const RESET_REQUESTS_PER_IP: LimitRule = { windowMs: 60_000, max: 10 };

export function authRoutes(options: { auth: Auth; db: Database; config: Config }): Hono<AppEnv> {
  const { auth, db, config } = options;
  const app = new Hono<AppEnv>();

  app.get('/providers', (c) => c.json(providersOf(config)));
  // An unconfigured provider gets words the sign-in dialog can show, not Better Auth's 404.
  app.post('/sign-in/social', async (c) => {
    const provider = text((await readJson(c)).provider);
    if (!Object.hasOwn(config.oauth, provider))
      return c.json(apiErrorBody('VALIDATION', oauthNotSetUpMessage(provider)), 400);
    return auth.handler(c.req.raw);
  });
  app.post('/sign-in/email', (c) => signIn(c, 'email'));
  app.post('/sign-in/username', (c) => signIn(c, 'username'));
  app.post('/request-password-reset', async (c) => {
    const email = text((await readJson(c)).email).toLowerCase();
    const now = Date.now();
    const byIp = await hitLimit(
      db,
      `reset:ip:${clientIp(c, config.trustProxy)}`,
      RESET_REQUESTS_PER_IP,
      now,
    );
    if (!byIp.isAllowed)
      return tooMany(c, byIp, 'Too many reset requests. Please wait a moment and try again.');
    const byAddress = await hitLimit(db, `reset:mail:${email}`, RESET_MAILS_PER_ADDRESS, now);
    if (!byAddress.isAllowed)
      return tooMany(
        c,
        byAddress,
        'Too many reset e-mails for this address. Please try again later.',
      );
    return auth.handler(c.req.raw);
  });
  app.all('/*', (c) => auth.handler(c.req.raw));

  async function signIn(c: Context<AppEnv>, kind: 'email' | 'username'): Promise<Response> {
    const now = Date.now();
    const byIp = await hitLimit(
      db,
      `signin:ip:${clientIp(c, config.trustProxy)}`,
      SIGN_IN_PER_IP,
      now,
    );
    if (!byIp.isAllowed)
      return tooMany(
        c,
        byIp,
        'Too many sign-in attempts. Please wait a few seconds and try again.',
      );

    const body = await readJson(c);
    const identifier = text(kind === 'email' ? body.email : body.username).toLowerCase();
    const [account] = identifier
      ? await db
          .select({ id: user.id })
          .from(user)
          .where(kind === 'email' ? eq(user.email, identifier) : eq(user.username, identifier))
      : [];
    if (kind === 'username' && identifier && !account) {
      return c.json(apiErrorBody('UNAUTHENTICATED', ERROR_MESSAGES.usernameNotFound), 401);
    }
    // Failures are counted per account, so rotating addresses does not buy more guesses.
    const failureKey = `signin:fail:${account?.id ?? identifier}`;
    const failures = await peekLimit(db, failureKey, FAILURES_PER_ACCOUNT, now);
    if (!failures.isAllowed) {
      return tooMany(
        c,
        failures,
        'Too many failed sign-in attempts for this account. Please try again later.',
      );
    }
    const response = await auth.handler(c.req.raw);
    if (response.status === 401 || response.status === 403)
      await hitLimit(db, failureKey, FAILURES_PER_ACCOUNT, now);
    return response;
  }

  return app;
}

/** Which OAuth providers have credentials on this server. */
function providersOf(config: Config): AuthProviders {
  const isOn = (name: OAuthProvider) => config.oauth[name] !== undefined;
  return {
    providers: { google: isOn('google'), github: isOn('github'), discord: isOn('discord') },
  };
}

/** A string field of an unvalidated body (Better Auth validates it next), trimmed. */
function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

async function readJson(c: Context): Promise<Record<string, unknown>> {
  try {
    const value: unknown = await c.req.raw.clone().json();
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function tooMany(c: Context, result: LimitResult, message: string): Response {
  c.header('Retry-After', String(result.retryAfterSeconds));
  return c.json(
    apiErrorBody('RATE_LIMITED', message, { retryAfter: result.retryAfterSeconds }),
    429,
  );
}
