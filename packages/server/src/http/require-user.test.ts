/**
 * The account a change names (require-user.ts, contracts' EXPECTED_USER_HEADER): over real HTTP on both
 * databases, a change sent with the session of another account than the one it names is answered
 * 401 and applies nothing; named right, or not named, it goes through as before.
 */
import { ERROR_MESSAGES } from '@habitquest/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdOf } from '../../test/rewards-support';
import { DATABASE_KINDS, signUp, startTestServer, type TestServer } from '../../test/harness';
import { EXPECTED_USER_HEADER } from '@habitquest/contracts/headers';

describe.each(DATABASE_KINDS)('a change naming its account, on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('is refused with 401 under another account’s session and changes nothing', async () => {
    const first = await signUp(server);
    const second = await signUp(server);
    const firstId = await userIdOf(first.client);
    const habit = await second.client.post<{ id: string }>('/api/habits', { title: 'Walk' });
    const named = { [EXPECTED_USER_HEADER]: firstId, 'idempotency-key': 'queued-by-first' };

    const create = await second.client.post('/api/habits', { title: 'Read' }, named);
    expect(create.status).toBe(401);
    expect(create.body).toEqual({
      error: { code: 'UNAUTHENTICATED', message: ERROR_MESSAGES.otherAccount },
    });
    const settings = await second.client.patch('/api/settings', { theme: 'dark' }, named);
    expect(settings.status).toBe(401);
    const toggle = await second.client.request(
      'PUT',
      `/api/habits/${habit.body.id}/completions/2026-11-27`,
      { completed: true },
      named,
    );
    expect(toggle.status).toBe(401);

    const habits = await second.client.get<{ title: string }[]>('/api/habits');
    expect(habits.body.map((h) => h.title)).toEqual(['Walk']);
    const me = await second.client.get<{ settings: { theme: string }; progress: { xp: number } }>(
      '/api/me',
    );
    expect(me.body.settings.theme).not.toBe('dark');
    expect(me.body.progress.xp).toBe(0);

    // Sent by the account it names (after its next sign-in): applied.
    const own = await first.client.post('/api/habits', { title: 'Read' }, named);
    expect(own.status).toBe(201);
  });

  it('goes through when it names the session’s own account, or none', async () => {
    const { client } = await signUp(server);
    const id = await userIdOf(client);
    const named = await client.post(
      '/api/habits',
      { title: 'Read' },
      { [EXPECTED_USER_HEADER]: id },
    );
    expect(named.status).toBe(201);
    const unnamed = await client.post('/api/habits', { title: 'Walk' });
    expect(unnamed.status).toBe(201);
    const read = await client.get('/api/habits', { [EXPECTED_USER_HEADER]: 'someone-else' });
    expect(read.status).toBe(401);
  });
});
