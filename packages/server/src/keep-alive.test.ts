/**
 * Kept-alive connections over real HTTP (server.ts, KEEP_ALIVE_MS): an idle connection outlives
 * Node's 5 s default, so a client or proxy that reuses it is answered rather than reset.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';

describe('an idle kept-alive connection', () => {
  it('stays open longer than Node’s 5 s, so a client sending on it is answered, not reset', async () => {
    const server = await startTestServer('pglite');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const get = () =>
        new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
          const request = http.get(`${server.url}/api/health`, { agent }, (response) => {
            response.resume();
            response.on('end', () => {
              resolve({ status: response.statusCode ?? 0, socket: request.socket });
            });
          });
          request.on('error', reject);
        });
      const first = await get();
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const second = await get();
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
      await server.stop();
    }
  }, 30_000);
});
