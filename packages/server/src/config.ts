/**
 * Server configuration, read from the environment once at start and validated, so a typo in a
 * deployment fails loudly at boot instead of at the first request.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OAuthProvider } from '@habitquest/contracts/auth';
import { z } from 'zod';
import { LANDING_PATH } from '@habitquest/contracts/pages';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));
export const AUTH_SECRET_REQUIRED =
  'required when DATABASE_URL is set (at least 32 characters, the same on every instance sharing the database)';

const zEnv = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optional.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    PUBLIC_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
    AUTH_SECRET: optional.pipe(z.string().min(32).optional()),
    SMTP_URL: optional.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
    MAIL_FROM: z.string().min(3).default('HabitQuest <no-reply@habitquest.local>'),
    FEEDBACK_EMAIL: z.email().default('feedback@habitquest.app'),
    DESKTOP_APP_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
    MARKETING_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_CLIENT_SECRET: optional,
    GITHUB_CLIENT_ID: optional,
    GITHUB_CLIENT_SECRET: optional,
    DISCORD_CLIENT_ID: optional,
    DISCORD_CLIENT_SECRET: optional,
    STRIPE_SECRET_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    STRIPE_API_BASE: optional.pipe(z.url().optional()),
    VAPID_PUBLIC_KEY: optional,
    VAPID_PRIVATE_KEY: optional,
    /**
     * 'true' (or 1): one proxy in front, which appends the visitor's address to X-Forwarded-For;
     * a number: that many proxies, each appending the address it saw.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const text = value?.trim() ?? '';
        if (text === '' || text === 'false' || text === '0') return 0;
        if (text === 'true') return 1;
        if (/^[1-9]$/.test(text)) return Number(text);
        ctx.addIssue({
          code: 'custom',
          message: 'must be true, false, or the number of proxies in front (1 to 9)',
        });
        return z.NEVER;
      }),
    WEB_DIST: z.string().min(1).default(path.join(repoRoot, 'packages/web/dist')),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  })
  .superRefine((env, ctx) => {
    // A generated secret lives in one instance's DATA_DIR. Instances sharing a database would each
    // make their own, and a session signed by one would be refused by the next: users would be
    // signed out at random as a load balancer moves them around.
    if (env.DATABASE_URL !== undefined && env.AUTH_SECRET === undefined) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: AUTH_SECRET_REQUIRED });
    }
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PRIVATE_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither',
      });
    }
  });

export type OAuthCredentials = { clientId: string; clientSecret: string };

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise PGlite in dataDir. */
  databaseUrl: string | undefined;
  /** The address users reach the product at; links in mails point here. */
  publicUrl: string;
  /** When absent, one is generated and kept in dataDir on first start. */
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  feedbackEmail: string;
  /** The desktop app's marketplace listing; the upgrade modal links to it when set. */
  desktopAppUrl: string | null;
  /** Where the header's logo leads: MARKETING_URL, or the app's own landing page (/welcome). */
  marketingUrl: string;
  oauth: Partial<Record<OAuthProvider, OAuthCredentials>>;
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | null;
  /**
   * The Web Push keys (reminders when no tab is open). When absent, the embedded database's
   * server generates a pair into dataDir; several instances on PostgreSQL need these set.
   */
  vapid: { publicKey: string; privateKey: string } | null;
  /**
   * How many proxies the operator runs in front (0: none, X-Forwarded-For is not believed). The
   * visitor's address is the entry that many from the right of X-Forwarded-For (http/client-ip.ts).
   */
  trustProxy: number;
  webDist: string;
  logLevel: z.infer<typeof zEnv>['LOG_LEVEL'];
  /** 'auto': readable lines on a terminal, JSON lines otherwise (a log collector, systemd). */
  logFormat: z.infer<typeof zEnv>['LOG_FORMAT'];
};

/** Reads and validates the configuration; throws one message listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = zEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const v = parsed.data;
  const oauth: Config['oauth'] = {};
  const pairs: [OAuthProvider, string | undefined, string | undefined][] = [
    ['google', v.GOOGLE_CLIENT_ID, v.GOOGLE_CLIENT_SECRET],
    ['github', v.GITHUB_CLIENT_ID, v.GITHUB_CLIENT_SECRET],
    ['discord', v.DISCORD_CLIENT_ID, v.DISCORD_CLIENT_SECRET],
  ];
  for (const [provider, clientId, clientSecret] of pairs) {
    if (clientId && clientSecret) oauth[provider] = { clientId, clientSecret };
  }
  return {
    port: v.PORT,
    host: v.HOST,
    dataDir: path.resolve(v.DATA_DIR),
    databaseUrl: v.DATABASE_URL,
    publicUrl: (v.PUBLIC_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, ''),
    authSecret: v.AUTH_SECRET,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    feedbackEmail: v.FEEDBACK_EMAIL,
    desktopAppUrl: v.DESKTOP_APP_URL ?? null,
    marketingUrl: v.MARKETING_URL ?? LANDING_PATH,
    oauth,
    stripe:
      v.STRIPE_SECRET_KEY && v.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: v.STRIPE_SECRET_KEY,
            webhookSecret: v.STRIPE_WEBHOOK_SECRET,
            apiBase: v.STRIPE_API_BASE,
          }
        : null,
    vapid:
      v.VAPID_PUBLIC_KEY && v.VAPID_PRIVATE_KEY
        ? { publicKey: v.VAPID_PUBLIC_KEY, privateKey: v.VAPID_PRIVATE_KEY }
        : null,
    trustProxy: v.TRUST_PROXY,
    webDist: path.resolve(v.WEB_DIST),
    logLevel: v.LOG_LEVEL,
    logFormat: v.LOG_FORMAT,
  };
}
