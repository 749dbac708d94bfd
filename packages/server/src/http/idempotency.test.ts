import { DEFAULT_MESSAGES } from '@habitquest/contracts/errors';
import { MAX_ENTRY_AGE_DAYS } from '@habitquest/core/offline-queue';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdOf, type ErrorBody } from '../../test/rewards-support';
import { idempotencyKeys } from '../db/schema';
import {
  DATABASE_KINDS,
  signUp,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/harness';
import { CANONICAL_BODY_LIMIT, IDEMPOTENCY_TTL_MS, STALE_CLAIM_MS } from './idempotency';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(DATABASE_KINDS)('Idempotency-Key on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('returns the first answer to a repeated key without applying twice', async () => {
    const { client } = await signUp(server);
    const first = await client.post(
      '/api/habits',
      { title: 'Stretch' },
      { 'idempotency-key': 'k-1' },
    );
    const second = await client.post(
      '/api/habits',
      { title: 'Stretch' },
      { 'idempotency-key': 'k-1' },
    );
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect((await client.get<unknown[]>('/api/habits')).body).toHaveLength(1);
  });

  it('remembers refusals too, refuses a key reused for another request, and keeps users apart', async () => {
    const { client } = await signUp(server);
    const refused = await client.post('/api/habits', { title: '' }, { 'idempotency-key': 'k-2' });
    expect(refused.status).toBe(400);
    const again = await client.post('/api/habits', { title: '' }, { 'idempotency-key': 'k-2' });
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    await client.post('/api/habits', { title: 'A' }, { 'idempotency-key': 'k-3' });
    const otherPath = await client.patch(
      '/api/settings',
      { theme: 'dark' },
      { 'idempotency-key': 'k-3' },
    );
    expect(otherPath.status).toBe(422);
    expect(otherPath.body).toMatchObject({ error: { code: 'IDEMPOTENCY_KEY_REUSED' } });

    const other = await signUp(server);
    expect(
      (await other.client.post('/api/habits', { title: 'B' }, { 'idempotency-key': 'k-3' })).status,
    ).toBe(201);
    expect(
      (await client.post('/api/habits', { title: 'x' }, { 'idempotency-key': 'y'.repeat(201) }))
        .status,
    ).toBe(400);
  });
});

describe.each(DATABASE_KINDS)('an Idempotency-Key reused for another request on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers 409 IDEMPOTENCY_IN_PROGRESS while the first send is still being processed', async () => {
    const { client } = await signUp(server);
    // The first send's claim, as the middleware writes it before running the handler (a stored
    // hash of null compares by method and path alone).
    await server.database.db.insert(idempotencyKeys).values({
      userId: await userIdOf(client),
      key: 'in-flight',
      method: 'POST',
      path: '/api/habits',
      requestHash: null,
      status: 0,
      body: null,
    });
    const second = await client.post<ErrorBody>(
      '/api/habits',
      { title: 'Stretch' },
      { 'idempotency-key': 'in-flight' },
    );
    expect(second.status).toBe(409);
    // Not CONFLICT: the offline queue keeps an entry on this answer and refuses it on CONFLICT.
    expect(second.body.error).toEqual({
      code: 'IDEMPOTENCY_IN_PROGRESS',
      message: DEFAULT_MESSAGES.IDEMPOTENCY_IN_PROGRESS,
    });
    expect((await client.get<unknown[]>('/api/habits')).body).toHaveLength(0);
  });

  it('takes over a claim left in progress past STALE_CLAIM_MS, and only for the same request', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const stale = new Date(Date.now() - STALE_CLAIM_MS - 60_000);
    // Claims whose answers were lost (the process stopped between the change and its answer).
    await server.database.db.insert(idempotencyKeys).values([
      {
        userId,
        key: 'lost',
        method: 'POST',
        path: '/api/habits',
        requestHash: null,
        status: 0,
        body: null,
        createdAt: stale,
      },
      {
        userId,
        key: 'lost-other',
        method: 'PATCH',
        path: '/api/settings',
        requestHash: null,
        status: 0,
        body: null,
        createdAt: stale,
      },
    ]);
    const taken = await client.post<{ title: string }>(
      '/api/habits',
      { title: 'Stretch' },
      { 'idempotency-key': 'lost' },
    );
    expect(taken.status).toBe(201);
    expect(taken.headers.get('idempotent-replayed')).toBeNull();
    // Its answer is remembered now.
    const replayed = await client.post(
      '/api/habits',
      { title: 'Stretch' },
      { 'idempotency-key': 'lost' },
    );
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(taken.body);
    // A stale claim of another request is not this request's to take.
    const other = await client.post<ErrorBody>(
      '/api/habits',
      { title: 'Run' },
      { 'idempotency-key': 'lost-other' },
    );
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const titles = (await client.get<{ title: string }[]>('/api/habits')).body.map((h) => h.title);
    expect(titles).toEqual(['Stretch']);
  });

  it('answers a committed change as done when its answer cannot be stored', async () => {
    const { client } = await signUp(server);
    const userId = await userIdOf(client);
    const { db } = server.database;
    // The store of this user's answers fails, as a lost connection would make it.
    await db.execute(
      sql.raw(`create function fail_answer_store() returns trigger language plpgsql as $$ begin
        if new.user_id = '${userId}' and new.status <> 0 then raise exception 'store failed'; end if;
        return new; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger fail_answer_store before update on idempotency_keys
        for each row execute function fail_answer_store()`),
    );
    try {
      const changed = await client.patch<{ theme: string }>(
        '/api/settings',
        { theme: 'dark' },
        { 'idempotency-key': 'unstored' },
      );
      expect(changed.status).toBe(200);
      expect(changed.body.theme).toBe('dark');
    } finally {
      await db.execute(sql.raw('drop trigger fail_answer_store on idempotency_keys'));
      await db.execute(sql.raw('drop function fail_answer_store()'));
    }
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, 'unstored')));
    expect(row?.status).toBe(0);
    expect((await client.get<{ settings: { theme: string } }>('/api/me')).body.settings.theme).toBe(
      'dark',
    );
  });

  it('compares a body over CANONICAL_BODY_LIMIT byte for byte', async () => {
    const { client } = await signUp(server);
    const key = { 'idempotency-key': 'large' };
    const note = 'x'.repeat(CANONICAL_BODY_LIMIT);
    const body = JSON.stringify({ title: 'Long', note });
    // Refused (no such field, and too long): the refusal is remembered like any answer.
    const first = await client.post('/api/habits', body, key);
    expect(first.status).toBe(400);
    const same = await client.post('/api/habits', body, key);
    expect(same.headers.get('idempotent-replayed')).toBe('true');
    const reordered = await client.post<ErrorBody>(
      '/api/habits',
      JSON.stringify({ note, title: 'Long' }),
      key,
    );
    expect(reordered.status).toBe(422);
    expect(reordered.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED for another body, and applies nothing', async () => {
    const { client } = await signUp(server);
    const key = { 'idempotency-key': 'reused-body' };
    expect((await client.post('/api/habits', { title: 'Read' }, key)).status).toBe(201);

    const other = await client.post<ErrorBody>('/api/habits', { title: 'Run' }, key);
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(other.body.error.message).toBe(DEFAULT_MESSAGES.IDEMPOTENCY_KEY_REUSED);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    const titles = (await client.get<{ title: string }[]>('/api/habits')).body.map(
      (habit) => habit.title,
    );
    expect(titles).toEqual(['Read']);
  });

  it('answers 422 for another method or path, and replays the same JSON written differently', async () => {
    const { client } = await signUp(server);
    const created = await client.post<{ id: string }>(
      '/api/habits',
      { title: 'Walk', xpOnComplete: 20 },
      { 'idempotency-key': 'same-json' },
    );
    expect(created.status).toBe(201);
    // The same JSON with its keys in another order and other spacing is the same request.
    const again = await client.post('/api/habits', '{ "xpOnComplete": 20,\n  "title": "Walk" }', {
      'idempotency-key': 'same-json',
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    const path = `/api/habits/${created.body.id}`;
    const edited = await client.patch(path, { title: 'Walk far' }, { 'idempotency-key': 'edit' });
    expect(edited.status).toBe(200);
    const otherMethod = await client.request<ErrorBody>('DELETE', path, undefined, {
      'idempotency-key': 'edit',
    });
    expect(otherMethod.status).toBe(422);
    expect(otherMethod.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await client.get<unknown[]>('/api/habits')).body).toHaveLength(1);
  });
});

describe.each(DATABASE_KINDS)(
  'an Idempotency-Key of the completion set-state, claimed in its transaction, on %s',
  (kind) => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer(kind);
    });
    afterAll(async () => {
      await server.stop();
    });

    const today = () => new Date().toISOString().slice(0, 10);
    const xpOf = async (client: TestClient) =>
      (await client.get<{ progress: { xp: number } }>('/api/me')).body.progress.xp;

    it('applies once and replays the first answer, also to requests sent at the same moment', async () => {
      const { client } = await signUp(server);
      const habit = await client.post<{ id: string }>('/api/habits', { title: 'Walk' });
      const path = `/api/habits/${habit.body.id}/completions/${today()}`;
      const key = { 'idempotency-key': 'tick-1' };
      const first = await client.request('PUT', path, { completed: true }, key);
      expect(first.status).toBe(200);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const again = await client.request('PUT', path, { completed: true }, key);
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(await xpOf(client)).toBe(10);

      // An undo and a redo with fresh keys sent together with a repeat of the first: the repeat
      // changes nothing.
      const parallel = await Promise.all([
        client.request('PUT', path, { completed: false }, { 'idempotency-key': 'tick-2' }),
        ...Array.from({ length: 6 }, () =>
          client.request('PUT', path, { completed: false }, { 'idempotency-key': 'tick-3' }),
        ),
      ]);
      expect(parallel.map((answer) => answer.status)).toEqual(Array(7).fill(200));
      const repeats = parallel.slice(1);
      expect(
        repeats.filter((answer) => answer.headers.get('idempotent-replayed') === null),
      ).toHaveLength(1);
      for (const answer of repeats) expect(answer.body).toEqual(repeats[0]?.body);
      expect(await xpOf(client)).toBe(0);
      const ledger = await server.database.db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.userId, await userIdOf(client)));
      expect(ledger.map((row) => [row.key, row.status]).sort()).toEqual([
        ['tick-1', 200],
        ['tick-2', 200],
        ['tick-3', 200],
      ]);
    });

    it('remembers a refusal, refuses the key for another body, and answers 409 for one in flight', async () => {
      const { client } = await signUp(server);
      const habit = await client.post<{ id: string }>('/api/habits', { title: 'Read' });
      const future = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
      const later = `/api/habits/${habit.body.id}/completions/${future}`;
      const refused = await client.request<ErrorBody>(
        'PUT',
        later,
        { completed: true },
        {
          'idempotency-key': 'too-early',
        },
      );
      expect(refused.status).toBe(400);
      const again = await client.request(
        'PUT',
        later,
        { completed: true },
        {
          'idempotency-key': 'too-early',
        },
      );
      expect(again.status).toBe(400);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(refused.body);

      const path = `/api/habits/${habit.body.id}/completions/${today()}`;
      const key = { 'idempotency-key': 'set-once' };
      expect((await client.request('PUT', path, { completed: true }, key)).status).toBe(200);
      const otherBody = await client.request<ErrorBody>('PUT', path, { completed: false }, key);
      expect(otherBody.status).toBe(422);
      expect(otherBody.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await xpOf(client)).toBe(10);

      // A claim another instance made the older way, before running its handler.
      await server.database.db.insert(idempotencyKeys).values({
        userId: await userIdOf(client),
        key: 'in-flight',
        method: 'PUT',
        path,
        requestHash: null,
        status: 0,
        body: null,
      });
      const inFlight = await client.request<ErrorBody>(
        'PUT',
        path,
        { completed: false },
        {
          'idempotency-key': 'in-flight',
        },
      );
      expect(inFlight.status).toBe(409);
      expect(await xpOf(client)).toBe(10);
      // Another user's key of the same name is theirs.
      const other = await signUp(server);
      const theirs = await other.client.post<{ id: string }>('/api/habits', { title: 'Mine' });
      const answer = await other.client.request(
        'PUT',
        `/api/habits/${theirs.body.id}/completions/${today()}`,
        { completed: true },
        key,
      );
      expect(answer.status).toBe(200);
      expect(answer.headers.get('idempotent-replayed')).toBeNull();
    });
  },
);

describe.each(DATABASE_KINDS)('Idempotency-Key retention on %s', (kind) => {
  it('keeps a key longer than the offline queue keeps an entry, then forgets it', async () => {
    expect(IDEMPOTENCY_TTL_MS).toBeGreaterThanOrEqual((MAX_ENTRY_AGE_DAYS + 1) * DAY_MS);
    let offset = 0;
    const server = await startTestServer(kind, { now: () => new Date(Date.now() + offset) });
    try {
      const { client } = await signUp(server);
      const key = { 'idempotency-key': 'queued-offline' };
      expect((await client.post('/api/habits', { title: 'Queued' }, key)).status).toBe(201);

      // The queue's oldest entry is replayed just before it would be dropped.
      offset = MAX_ENTRY_AGE_DAYS * DAY_MS + 60 * 60 * 1000;
      const replayed = await client.post('/api/habits', { title: 'Queued' }, key);
      expect(replayed.headers.get('idempotent-replayed')).toBe('true');
      expect((await client.get<unknown[]>('/api/habits')).body).toHaveLength(1);

      // Past the retention the key is purged and means nothing any more.
      offset = IDEMPOTENCY_TTL_MS + 2 * 60 * 60 * 1000;
      const fresh = await client.post('/api/habits', { title: 'Queued' }, key);
      expect(fresh.status).toBe(201);
      expect(fresh.headers.get('idempotent-replayed')).toBeNull();
      expect((await client.get<unknown[]>('/api/habits')).body).toHaveLength(2);
    } finally {
      await server.stop();
    }
  });
});

describe('request size', () => {
  it('refuses a body over 1 MB with 413 before reading it', async () => {
    const server = await startTestServer('pglite');
    try {
      const { client } = await signUp(server);
      const response = await client.post('/api/habits', { title: 'x'.repeat(1_100_000) });
      expect(response.status).toBe(413);
      expect(response.body).toMatchObject({ error: { code: 'VALIDATION' } });
    } finally {
      await server.stop();
    }
  });
});
