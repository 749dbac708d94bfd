#!/usr/bin/env node
// Load generator, run as its own process so it does not share an event loop with the server it
// measures. Usage: node bench/load.mjs '<json>' with {url, connections, durationSeconds, clients}
// where clients is a list of request lists; connection i replays clients[i % clients.length].
// A request with `freshIdempotencyKey: true` carries a new Idempotency-Key each time it is sent,
// as the web app's changes do.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}');
const withKeys = (requests) =>
  requests.map(({ freshIdempotencyKey, ...request }) =>
    freshIdempotencyKey
      ? {
          ...request,
          setupRequest: (sent) => ({
            ...sent,
            headers: { ...sent.headers, 'idempotency-key': randomUUID() },
          }),
        }
      : request,
  );
options.clients = options.clients.map(withKeys);
let next = 0;
const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.durationSeconds,
  requests: options.clients[0],
  setupClient: (client) => {
    client.setRequests(options.clients[next % options.clients.length]);
    next += 1;
  },
});
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    total: result.requests.total,
    // Its own CPU time (setup included), for the per-request accounting of production.ts.
    cpuMicros: (({ user, system }) => user + system)(process.cpuUsage()),
  }),
);
