/**
 * Integration-test harness: a real server over real HTTP on a fresh database — PGlite in a
 * temporary data directory, or a new PostgreSQL database created for the test file and dropped
 * after it. The same suites run on both.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { AuthLimits } from '../src/auth/limits';
import { loadConfig, type Config } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createLogger, type Logger } from '../src/logger';
import type { Mail, Mailer } from '../src/mail/mailer';
import { startServer, type RunningServer } from '../src/server';
import { TEST_PASSWORD_HASHING } from './password-hashing';

export const DATABASE_KINDS = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

export const TEST_ORIGIN = 'http://habitquest.test';
/** The AUTH_SECRET of test servers on PostgreSQL (test-only, like everything in this file). */
export const TEST_AUTH_SECRET = 'habitquest-test-secret-0123456789abcdef';
/** Sign-ups per address on test servers: enough for any test file from one address. */
const TEST_SIGN_UPS_PER_IP = { windowMs: 60 * 60_000, max: 10_000 };
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type TestServer = RunningServer & {
  config: Config;
  /** Mails the server sent, newest last. */
  mails: Mail[];
  stop: () => Promise<void>;
};

/** Creates an empty PostgreSQL database; returns its URL and a function that drops it. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `hq_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const migrationsDir = path.resolve(import.meta.dirname, '../drizzle');

/**
 * A migrated PGlite data directory made once per set of migrations and copied for each test
 * server: creating and migrating a fresh one costs seconds, copying it a few milliseconds.
 */
export async function pgliteTemplate(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    hash.update(readFileSync(path.join(migrationsDir, file)));
  }
  const template = path.join(tmpdir(), `hq-pglite-template-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(template)) return template;
  const building = mkdtempSync(path.join(tmpdir(), 'hq-pglite-building-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: building });
  await database.migrate();
  await database.close();
  try {
    renameSync(building, template);
  } catch {
    // Another test worker finished first: use theirs.
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}

export async function startTestServer(
  kind: DatabaseKind,
  options: {
    env?: Record<string, string>;
    now?: () => Date;
    mailer?: Mailer;
    /** With env.DATABASE_URL of a database the test made itself (several instances on one). */
    keepDatabase?: boolean;
    /** Send mail as production does (SMTP_URL, else DATA_DIR/outbox/); `mails` stays empty. */
    realMail?: boolean;
    /** Defaults to a silent one. */
    logger?: Logger;
    /**
     * Account limits to replace. By default only sign-ups per address are loosened: test files
     * sign up many accounts from one address. Pass AUTH_LIMITS' own value to test that limit.
     */
    authLimits?: Partial<AuthLimits>;
    /** How often open event streams send a heartbeat and re-check their session. */
    heartbeatMs?: number;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hq-data-'));
  const database = kind === 'postgres' && !options.keepDatabase ? await createTestDatabase() : null;
  if (kind === 'pglite' && !options.env?.DATABASE_URL)
    cpSync(await pgliteTemplate(), dataDir, { recursive: true });
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  };
  // A shared database needs one secret for every instance on it, as in production.
  if (env.DATABASE_URL && !env.AUTH_SECRET) env.AUTH_SECRET = TEST_AUTH_SECRET;
  const config = loadConfig(env);
  const mails: Mail[] = [];
  const mailer: Mailer = options.mailer ?? {
    send: (mail) => Promise.resolve(void mails.push(mail)),
  };
  const server = await startServer({
    config,
    logger: options.logger ?? createLogger('silent'),
    ...(options.realMail ? {} : { mailer }),
    ...(options.now ? { now: options.now } : {}),
    authLimits: { signUpsPerIp: TEST_SIGN_UPS_PER_IP, ...options.authLimits },
    ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
    // Pushes run on the real clock every minute; reminders' tests drive sendDuePushes themselves.
    sendsPushes: false,
    passwordHashing: TEST_PASSWORD_HASHING,
  });
  return {
    ...server,
    config,
    mails,
    stop: async () => {
      await server.close();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Json = Record<string, unknown>;
export type ApiResponse<T = Json> = { status: number; body: T; headers: Headers };

/** A browser-like client: keeps cookies, sends our Origin on every request. */
export class TestClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request<T = Json>(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const response = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers: {
        origin: TEST_ORIGIN,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size > 0 ? { cookie: this.cookieHeader } : {}),
        ...this.extraHeaders,
        ...headers,
      },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = Json>(url: string, headers?: Record<string, string>) {
    return this.request<T>('GET', url, undefined, headers);
  }
  post<T = Json>(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', url, body ?? {}, headers);
  }
  patch<T = Json>(url: string, body: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', url, body, headers);
  }
}

let counter = 0;
/** Signs up a fresh user and returns a client holding its session. */
export async function signUp(
  server: { url: string },
  overrides: Partial<{ email: string; username: string; password: string }> = {},
) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  const credentials = {
    email: overrides.email ?? `user${tag}@example.com`,
    username: overrides.username ?? `user_${tag}`,
    password: overrides.password ?? 'correct horse',
  };
  const client = new TestClient(server.url);
  const response = await client.post('/api/auth/sign-up/email', {
    ...credentials,
    name: credentials.username,
  });
  if (response.status !== 200)
    throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { client, ...credentials };
}
