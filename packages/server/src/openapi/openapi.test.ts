import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../../test/harness';
import { ROUTE_LIST } from '@habitquest/contracts/routes';

describe('the OpenAPI document', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => {
    await server.stop();
  });

  it('is served publicly and describes the routes with their schemas', async () => {
    const response = await new TestClient(server.url).get<{
      openapi: string;
      paths: Record<
        string,
        Record<string, { requestBody?: unknown; parameters?: { name: string }[] }>
      >;
    }>('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    const createHabit = response.body.paths['/api/habits']?.post;
    expect(JSON.stringify(createHabit?.requestBody)).toContain('xpOnComplete');
    expect(
      response.body.paths['/api/habits/{id}/completions/{date}']?.put?.parameters?.map(
        (p) => p.name,
      ),
    ).toEqual(['id', 'date']);
    expect(response.body.paths['/api/completions']?.get?.parameters?.map((p) => p.name)).toEqual([
      'from',
      'to',
    ]);
  });

  it('is served for every route of the table, and the app serves no route outside it', async () => {
    const served = new Set(
      server.app.routes
        .filter(
          (route) =>
            route.path.startsWith('/api/') &&
            !route.path.startsWith('/api/auth') &&
            !route.path.includes('*'),
        )
        .filter((route) => route.method !== 'ALL')
        .map((route) => `${route.method.toLowerCase()} ${route.path}`),
    );
    const table = ROUTE_LIST.filter((route) => !route.isBetterAuth).map(
      (route) => `${route.method} ${route.path}`,
    );
    expect([...served].filter((route) => !table.includes(route))).toEqual([]);
    expect(table.filter((route) => !served.has(route))).toEqual([]);
    // Better Auth's routes answer under /api/auth (a 404 would mean the table names a wrong one).
    const client = new TestClient(server.url);
    for (const route of ROUTE_LIST.filter((r) => r.isBetterAuth)) {
      if (route.method !== 'get') continue;
      const response = await client.get(route.path);
      expect(response.status, route.path).not.toBe(404);
    }
  });
});
