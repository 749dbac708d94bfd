/**
 * A small round-robin load balancer for tests: each request goes to the next upstream; a request
 * that cannot reach an upstream (connection refused or reset before any answer — an instance
 * restarting) is sent to the next one, as a load balancer with retries does. Bodies are buffered
 * so a retry can resend them; answers, event streams included, are streamed through.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RoundRobinProxy = {
  url: string;
  /** Replaces the upstream list (an instance restarted on another port). */
  setUpstreams: (urls: string[]) => void;
  /** How many requests were retried on another upstream. */
  retries: () => number;
  /** The upstream that answered the latest request for `path`. */
  upstreamOf: (path: string) => string | undefined;
  close: () => Promise<void>;
};

export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  let targets = [...upstreams];
  let cursor = 0;
  let retried = 0;
  const answeredBy = new Map<string, string>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = (left: number): void => {
        const target = targets[cursor % targets.length];
        cursor += 1;
        if (!target) {
          response.writeHead(502).end();
          return;
        }
        const upstream = http.request(
          new URL(request.url ?? '/', target),
          { method: request.method, headers: request.headers, agent: false },
          (answer) => {
            answeredBy.set(new URL(request.url ?? '/', target).pathname, target);
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
            // An upstream that dies mid-answer (a killed instance) cuts the client off too, as a
            // load balancer does, so an event stream notices and reconnects.
            answer.on('aborted', () => response.destroy());
            answer.on('error', () => response.destroy());
            response.on('close', () => answer.destroy());
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (!response.headersSent && left > 0 && isUnreachable(error)) {
            retried += 1;
            attempt(left - 1);
          } else if (!response.headersSent) {
            response.writeHead(502).end();
          } else {
            response.destroy();
          }
        });
        if (body.length > 0) upstream.end(body);
        else upstream.end();
      };
      attempt(targets.length * 3);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    setUpstreams: (urls) => {
      targets = [...urls];
    },
    retries: () => retried,
    upstreamOf: (path) => answeredBy.get(path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

function isUnreachable(error: NodeJS.ErrnoException): boolean {
  return error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET' || error.code === 'EPIPE';
}
