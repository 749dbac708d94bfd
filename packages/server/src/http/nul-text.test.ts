/**
 * Text PostgreSQL cannot store: U+0000 in any string of a request body (docs/security.md, "Bad
 * input"); an import file's are refused by its own checks (backup/import-refusals.test.ts).
 * It is refused as invalid, with where it is, and nothing changes; it used to fail at the database
 * with a 500, which an offline queue keeps retrying.
 */
import { NUL_MESSAGE } from '@habitquest/core/nul';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  TestClient,
  type TestServer,
} from '../../test/harness';
import type { ErrorBody } from '../../test/rewards-support';
import { isUnstorableText } from './db-errors';

describe.each(DATABASE_KINDS)('a NUL character in a request on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('is refused with 400 and where it is, in a field or a key, and nothing is written', async () => {
    const { client } = await signUp(server);
    const changes: [string, string, unknown, string][] = [
      ['POST', '/api/habits', { title: 'Read\u0000' }, 'title'],
      ['POST', '/api/habits', { title: 'Read', description: '\u0000' }, 'description'],
      ['POST', '/api/categories', { name: 'HE\u0000ALTH' }, 'name'],
      ['POST', '/api/rewards', { name: 'Tea', description: 'a\u0000', cost: 5 }, 'description'],
      ['PATCH', '/api/settings', { timeZone: 'Asia/Manila\u0000' }, 'timeZone'],
      ['PATCH', '/api/profile', { username: 'some\u0000one' }, 'username'],
      ['PATCH', '/api/settings', { ['theme\u0000']: 'dark' }, 'theme\u0000'],
    ];
    const before = await client.get('/api/me');
    for (const [method, path, body, field] of changes) {
      const response = await client.request<ErrorBody>(method, path, body);
      expect(response.status, `${method} ${path} ${field}`).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION');
      expect(response.body.error.message).toBe(`${field}: ${NUL_MESSAGE}`);
    }
    expect((await client.get('/api/habits')).body).toEqual([]);
    expect((await client.get('/api/rewards')).body).toEqual([]);
    const after = await client.get('/api/me');
    expect(after.body).toEqual(before.body);
  });

  it("is told from the database's other failures, in text and in jsonb (the 400 of app.ts's last resort)", async () => {
    const failureOf = async (query: string): Promise<unknown> => {
      try {
        await server.database.db.execute(sql.raw(query));
      } catch (error) {
        return error;
      }
      throw new Error(`${query} did not fail`);
    };
    expect(isUnstorableText(await failureOf(`select convert_from('\\x6100'::bytea, 'UTF8')`))).toBe(
      true,
    );
    expect(isUnstorableText(await failureOf(`select '{"a":"\\u0000"}'::jsonb ->> 'a'`))).toBe(true);
    expect(isUnstorableText(await failureOf('select 1/0'))).toBe(false);
  });

  it('in a sign-up, is refused without an account being made', async () => {
    const client = new TestClient(server.url);
    const response = await client.post<ErrorBody>('/api/auth/sign-up/email', {
      email: 'nul@example.com',
      username: 'nul\u0000user',
      password: 'correct horse',
      name: 'nul\u0000user',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const again = await client.post('/api/auth/sign-up/email', {
      email: 'nul@example.com',
      username: 'nuluser',
      password: 'correct horse',
      name: 'nuluser',
    });
    expect(again.status).toBe(200);
  });
});
