/**
 * Better Auth: e-mail + password accounts with usernames, password reset by mail, and OAuth with
 * Google, GitHub and Discord when their credentials are configured.
 */
import { betterAuth } from 'better-auth';
import { and, eq, isNotNull } from 'drizzle-orm';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { username } from 'better-auth/plugins/username';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '@habitquest/contracts/auth';
import { freeUsername, usernameBase } from '../accounts/first-username';
import { provisionAccount } from '../accounts/provision-account';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { account, session, user, verification } from '../db/auth-schema';
import type { Logger } from '../logger';
import type { BackgroundMailer } from '../mail/background-mail';
import { passwordResetMail, setPasswordMail } from './reset-mail';

export const RESET_TOKEN_SECONDS = 60 * 60;

/** How passwords are hashed and checked; Better Auth's own (scrypt, N = 16,384) unless given. */
export type PasswordHashing = {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
};

export function createAuth(options: {
  config: Config;
  db: Database;
  secret: string;
  /** Sends after the answer (background-mail.ts). */
  mailer: BackgroundMailer;
  logger: Logger;
  /**
   * Called after a session row is gone (sign-out, a password reset ending every session, a
   * revocation), so open event streams can end at once; must not throw.
   */
  onSessionEnded?: (userId: string) => Promise<void>;
  /** Tests only: the in-process test servers hash at a lower cost (test/harness.ts). */
  passwordHashing?: PasswordHashing;
}) {
  const { config, db, secret, mailer, logger, onSessionEnded, passwordHashing } = options;
  const isHttps = config.publicUrl.startsWith('https://');
  return betterAuth({
    appName: 'HabitQuest',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      // A reset ends every other session: whoever knew the old password is signed out.
      revokeSessionsOnPasswordReset: true,
      ...(passwordHashing ? { password: passwordHashing } : {}),
      // Not awaited: an answer that waited for the mail server only when the address has an
      // account would tell by its timing which addresses have one. A failure is logged.
      // An account made through OAuth has no password yet: its mail offers to set one (the link
      // and the page are the same; Better Auth adds the password's account row).
      sendResetPassword: ({ user: target, token }) => {
        const link = `${config.publicUrl}/auth/update-password?token=${encodeURIComponent(token)}`;
        mailer.send(async () => {
          const mail = (await hasPassword(db, target.id)) ? passwordResetMail : setPasswordMail;
          return mail({ to: target.email, link });
        });
        return Promise.resolve();
      },
    },
    plugins: [
      username({
        minUsernameLength: USERNAME_MIN,
        maxUsernameLength: USERNAME_MAX,
        usernameValidator: (value) => /^[a-z0-9_]+$/.test(value),
        // Checked once lowercased, as it is stored: "Ada_L" signs up and in as "ada_l".
        validationOrder: { username: 'post-normalization' },
      }),
    ],
    socialProviders: Object.fromEntries(
      Object.entries(config.oauth).map(([provider, credentials]) => [provider, { ...credentials }]),
    ),
    // The app's own limits (auth/limits.ts, table rate_limits) run before Better Auth and know
    // the client's real IP, so Better Auth keeps no counters (its auth_rate_limits table is gone).
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: isHttps,
      cookiePrefix: 'habitquest',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: isHttps },
      ipAddress: { ipAddressHeaders: config.trustProxy > 0 ? ['x-forwarded-for'] : [] },
    },
    databaseHooks: {
      session: {
        delete: {
          after: async (ended) => {
            await onSessionEnded?.(ended.userId);
          },
        },
      },
      user: {
        create: {
          // An OAuth sign-up brings no username: it gets one from the person's name or e-mail.
          before: async (made) => {
            if (typeof made.username === 'string' && made.username !== '') return;
            const username = await freeUsername(db, usernameBase(made.name, made.email));
            return username
              ? { data: { ...made, username, displayUsername: username } }
              : undefined;
          },
          after: async (created) => {
            await provisionAccount({ db, userId: created.id });
            logger.info({ userId: created.id }, 'account created');
          },
        },
      },
    },
    // Better Auth's own messages go through pino (with the request log), never to the console.
    // Only the message and errors are kept: its other arguments can carry bodies with secrets.
    logger: {
      disabled: config.logLevel === 'silent',
      level: 'debug',
      log: (level, message, ...args) => {
        const err = args.find((arg) => arg instanceof Error);
        logger[level](
          err ? { source: 'better-auth', err: withoutQuery(err) } : { source: 'better-auth' },
          message,
        );
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * An error as it may be logged: a failed query's message carries its text and its parameters
 * (an e-mail, a name: whatever a sign-up sent), so only the first words and the database's code
 * are kept.
 */
export function withoutQuery(err: Error): Error {
  const at = err.message.indexOf('Failed query');
  if (at < 0) return err;
  const cause: unknown = err.cause;
  const code =
    typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : undefined;
  const kept = new Error(`${err.message.slice(0, at)}Failed query (its text is not logged)`);
  kept.name = err.name;
  return Object.assign(kept, code === undefined ? {} : { code });
}

/** Whether the user has a password to sign in with (Better Auth's "credential" account). */
async function hasPassword(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: account.id })
    .from(account)
    .where(
      and(
        eq(account.userId, userId),
        eq(account.providerId, 'credential'),
        isNotNull(account.password),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
