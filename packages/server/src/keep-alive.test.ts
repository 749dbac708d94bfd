/**
 * Kept-alive connections and shutdown over real HTTP (server.ts): an idle connection outlives
 * Node's 5 s default, so a client reusing it is answered rather than reset; and closing the
 * server still ends quickly when a request was in flight as it began, whose connection goes idle
 * only afterwards.
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import { closeServer, KEEP_ALIVE_MS, listen } from './server';

function get(url: string, agent: http.Agent) {
  return new Promise<{ status: number; body: string; socket: unknown }>((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body, socket: request.socket });
      });
    });
    request.on('error', reject);
  });
}

describe('kept-alive connections', () => {
  it('an idle one stays open longer than Node’s 5 s, so a client sending on it is answered, not reset', async () => {
    const server = await startTestServer('pglite');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(`${server.url}/api/health`, agent);
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const second = await get(`${server.url}/api/health`, agent);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
      await server.stop();
    }
  }, 30_000);

  it('closing the server answers the request in flight, then ends its connection without waiting out the keep-alive time', async () => {
    let entered: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (entered = resolve));
    const gate = { open: (): void => undefined };
    const opened = new Promise<void>((resolve) => (gate.open = resolve));
    const server = await listen(
      async () => {
        entered();
        await opened;
        return new Response('answered');
      },
      { port: 0, host: '127.0.0.1' },
    );
    const { port } = server.address() as { port: number };
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answer = get(`http://127.0.0.1:${String(port)}/`, agent);
      await inFlight;
      const closed = closeServer(server).then(() => 'closed' as const);
      gate.open();
      expect(await answer).toMatchObject({ status: 200, body: 'answered' });
      // Far below KEEP_ALIVE_MS: without ending connections as they go idle, this one would
      // keep the close waiting for the whole 65 s.
      const timeout = new Promise<'still open'>((resolve) =>
        setTimeout(() => {
          resolve('still open');
        }, 5_000),
      );
      expect(KEEP_ALIVE_MS).toBeGreaterThan(5_000);
      expect(await Promise.race([closed, timeout])).toBe('closed');
    } finally {
      agent.destroy();
    }
  }, 30_000);
});
