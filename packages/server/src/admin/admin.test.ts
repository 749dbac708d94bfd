import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config';
import { purchases } from '../db/schema';
import { createLogger } from '../logger';
import { startServer, type RunningServer } from '../server';
import {
  createTestDatabase,
  DATABASE_KINDS,
  pgliteTemplate,
  signUp,
  TEST_AUTH_SECRET,
  TEST_ORIGIN,
  TestClient,
} from '../../test/harness';
import { EXIT, runAdmin, USAGE } from './run-admin';

function capture() {
  const lines: string[] = [];
  return {
    lines,
    output: { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) },
  };
}

describe('admin usage', () => {
  const config = loadConfig({ DATA_DIR: path.join(tmpdir(), 'hq-admin-never-opened') });

  it('answers wrong usage with the usage text and exit code 2, help with 0', async () => {
    const none = capture();
    expect(await runAdmin([], { config, output: none.output })).toBe(EXIT.usage);
    expect(none.lines.join('\n')).toBe(USAGE);

    const unknown = capture();
    expect(await runAdmin(['drop-everything'], { config, output: unknown.output })).toBe(2);
    expect(unknown.lines.join('\n')).toContain('Unknown command "drop-everything"');

    const missing = capture();
    expect(await runAdmin(['grant-pro'], { config, output: missing.output })).toBe(2);
    expect(missing.lines).toEqual(['Usage: npm run admin -- grant-pro <email|username>']);

    const help = capture();
    expect(await runAdmin(['--help'], { config, output: help.output })).toBe(EXIT.ok);
    expect(help.lines.join('\n')).toContain('create-user <email> <username> <password>');
  });
});

describe.each(DATABASE_KINDS)('admin commands on %s', (kind) => {
  let config: Config;
  let dataDir: string;
  let dropDatabase: () => Promise<void> = () => Promise.resolve();
  let server: RunningServer | null = null;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'hq-admin-'));
    if (kind === 'pglite') cpSync(await pgliteTemplate(), dataDir, { recursive: true });
    const database = kind === 'postgres' ? await createTestDatabase() : null;
    if (database) dropDatabase = database.drop;
    config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: TEST_ORIGIN,
      WEB_DIST: path.join(dataDir, 'no-web'),
      LOG_LEVEL: 'silent',
      ...(database ? { DATABASE_URL: database.url, AUTH_SECRET: TEST_AUTH_SECRET } : {}),
    });
  });
  afterAll(async () => {
    await server?.close();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function admin(...argv: string[]) {
    const { lines, output } = capture();
    const code = await runAdmin(argv, { config, output });
    return { code, text: lines.join('\n') };
  }
  async function start(): Promise<RunningServer> {
    server = await startServer({ config, logger: createLogger('silent') });
    return server;
  }
  async function stop(): Promise<void> {
    await server?.close();
    server = null;
  }

  it('creates users, grants and revokes Pro, and lists them', async () => {
    const created = await admin('create-user', 'Ada@Example.com', 'ada_admin', 'lovelace1');
    expect(created.code).toBe(EXIT.ok);
    expect(created.text).toMatch(/^Created ada_admin <ada@example\.com> \(id \S+\)\.$/);
    const duplicate = await admin('create-user', 'ada@example.com', 'ada_two', 'lovelace1');
    expect(duplicate.code).toBe(EXIT.failed);
    expect(duplicate.text).toMatch(/^Could not create the account: .*already exists/);
    const invalid = await admin('create-user', 'not-an-email', 'x', '123');
    expect(invalid.code).toBe(EXIT.failed);
    expect(invalid.text).toContain('Password must be at least 6 characters');

    const running = await start();
    // The password was hashed as a web sign-up hashes it, and the account got its defaults.
    const ada = new TestClient(running.url);
    const signIn = await ada.post('/api/auth/sign-in/username', {
      username: 'ada_admin',
      password: 'lovelace1',
    });
    expect(signIn.status).toBe(200);
    expect((await ada.get('/api/me')).body).toMatchObject({
      user: { email: 'ada@example.com', username: 'ada_admin' },
      plan: { isPro: false, limits: { habits: 15 }, counts: { categories: 7 } },
    });
    const buyer = await signUp(running);
    const buyerId = ((await buyer.client.get('/api/me')).body as { user: { id: string } }).user.id;
    await running.database.db
      .insert(purchases)
      .values({ userId: buyerId, product: 'habit', status: 'paid', amount: 48_900 });
    expect((await buyer.client.get('/api/me')).body).toMatchObject({ plan: { isPro: true } });

    // The embedded database allows one process: stop the server (process.test.ts shows the
    // refusal from another process).
    if (kind === 'pglite') await stop();

    expect(await admin('grant-pro', 'ADA_ADMIN')).toEqual({
      code: 0,
      text: 'ada_admin <ada@example.com> is now Pro.',
    });
    expect(await admin('revoke-pro', buyer.email)).toEqual({
      code: 0,
      text: `${buyer.username} <${buyer.email}> is now on the free plan. 1 paid purchase marked revoked.`,
    });
    expect(await admin('grant-pro', 'nobody_here')).toEqual({
      code: 1,
      text: 'No account with the username "nobody_here".',
    });
    const listed = await admin('list-users');
    expect(listed.code).toBe(0);
    expect(listed.text).toMatch(/^EMAIL\s+USERNAME\s+PLAN\s+CREATED$/m);
    expect(listed.text).toMatch(/^ada@example\.com\s+ada_admin\s+pro\s+\d{4}-\d\d-\d\d$/m);
    expect(listed.text).toMatch(
      new RegExp(`^${buyer.email.replace('.', '\\.')}\\s+\\S+\\s+free`, 'm'),
    );
    expect(listed.text).toMatch(/2 accounts\.$/);

    const after = server ?? (await start());
    // Sessions live in the database, so they outlast the restart (which picks a new port).
    const again = (client: TestClient) =>
      new TestClient(after.url, { cookie: client.cookieHeader });
    expect((await again(ada).get('/api/me')).body).toMatchObject({
      plan: { isPro: true, limits: null },
    });
    expect((await again(buyer.client).get('/api/me')).body).toMatchObject({
      plan: { isPro: false, limits: { habits: 15 } },
    });
    const kept = await after.database.db
      .select({ status: purchases.status })
      .from(purchases)
      .where(eq(purchases.userId, buyerId));
    expect(kept).toEqual([{ status: 'revoked' }]);
  }, 90_000);

  // With PostgreSQL the commands run beside live servers, and their open pages hear of it.
  if (kind === 'postgres')
    it('tells running servers that a plan changed', async () => {
      const running = server ?? (await start());
      const { client, username } = await signUp(running);
      const stream = await fetch(`${running.url}/api/events`, {
        headers: { cookie: client.cookieHeader },
      });
      const reader = stream.body?.getReader();
      expect((await admin('grant-pro', username)).code).toBe(EXIT.ok);
      let received = '';
      while (!received.includes('event: plan')) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        received += new TextDecoder().decode(chunk.value as Uint8Array);
      }
      await reader?.cancel();
      expect(received).toMatch(/event: plan\ndata: \{"isPro":true\}/);
    });
});
