/**
 * The sign-in, sign-up and password-reset forms (docs/product.md). The requests themselves go to Better
 * Auth's own endpoints; these schemas are what the forms check before sending.
 */
import { z } from 'zod';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;

export const AUTH_MESSAGES = {
  identifierRequired: 'Email or username is required',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  usernameLength: `Username must be ${USERNAME_MIN}–${USERNAME_MAX} characters`,
  usernameCharacters: 'Username may contain only letters, numbers and underscores',
  emailInvalid: 'Enter a valid email address',
  samePassword: 'Choose a password other than your current one',
  nameTooLong: 'Name must be at most 100 characters',
  imageRefused: 'A picture cannot be set when signing up',
} as const;

/** The longest display name an account may have (the app sets it to the username). */
export const NAME_MAX = 100;

/** An e-mail address, trimmed and lowercased so one person cannot hold two spellings of it. */
export const zEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email(AUTH_MESSAGES.emailInvalid));

/** 3–30 of a–z, 0–9 and _, stored lowercased so "Bob" and "bob" are one name. */
export const zUsername = z
  .string()
  .trim()
  .toLowerCase()
  .min(USERNAME_MIN, AUTH_MESSAGES.usernameLength)
  .max(USERNAME_MAX, AUTH_MESSAGES.usernameLength)
  .regex(/^[a-z0-9_]+$/, AUTH_MESSAGES.usernameCharacters);

/** Passwords are never trimmed: spaces are part of what the user chose. */
const zPassword = z
  .string()
  .min(1, { error: AUTH_MESSAGES.passwordRequired, abort: true })
  .min(PASSWORD_MIN, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, AUTH_MESSAGES.passwordTooLong);

export const zSignIn = z.strictObject({
  identifier: z.string().trim().min(1, AUTH_MESSAGES.identifierRequired).max(254),
  password: zPassword,
});
export type SignIn = z.infer<typeof zSignIn>;

/** docs/product.md: an identifier without '@' is a username, looked up to find the e-mail. */
export function isUsernameIdentifier(identifier: string): boolean {
  return !identifier.includes('@');
}

export const zSignUp = z.strictObject({
  email: zEmail,
  username: zUsername,
  password: zPassword,
});
export type SignUp = z.infer<typeof zSignUp>;

export const zPasswordResetRequest = z.strictObject({ email: zEmail });
export type PasswordResetRequest = z.infer<typeof zPasswordResetRequest>;

/** The OAuth providers the product knows; each is on only when the server has its credentials. */
export const OAUTH_PROVIDERS = ['google', 'github', 'discord'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export const OAUTH_PROVIDER_LABELS: Record<OAuthProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  discord: 'Discord',
};

/** GET /api/auth/providers: which sign-in buttons can work on this server. */
export const zAuthProviders = z.object({
  providers: z.object({ google: z.boolean(), github: z.boolean(), discord: z.boolean() }),
});
export type AuthProviders = z.infer<typeof zAuthProviders>;

/** What the server answers (VALIDATION) when a provider without credentials is asked for. */
export function oauthNotSetUpMessage(provider: string): string {
  const label = (OAUTH_PROVIDERS as readonly string[]).includes(provider)
    ? OAUTH_PROVIDER_LABELS[provider as OAuthProvider]
    : undefined;
  return label
    ? `Sign-in with ${label} is not set up on this server.`
    : 'This sign-in method is not available on this server.';
}
