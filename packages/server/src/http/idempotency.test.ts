import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_KINDS, signUp, startTestServer, type TestServer } from '../testing/harness';

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
    expect(
      (await client.post('/api/habits', { title: 'Now valid' }, { 'idempotency-key': 'k-2' }))
        .status,
    ).toBe(400);

    await client.post('/api/habits', { title: 'A' }, { 'idempotency-key': 'k-3' });
    const otherPath = await client.patch(
      '/api/settings',
      { theme: 'dark' },
      { 'idempotency-key': 'k-3' },
    );
    expect(otherPath.status).toBe(409);
    expect(otherPath.body).toMatchObject({ error: { code: 'CONFLICT' } });

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
