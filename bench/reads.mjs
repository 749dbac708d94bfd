#!/usr/bin/env node
// Reader for bench/backup.bench.ts, run as its own process so its timings do not share the
// server's event loop. Usage: node bench/reads.mjs '<json>' with {url, path, cookies, perSecond}.
// Sends GET requests at a fixed rate, whether or not earlier ones have been answered (as users
// arrive, independently of one another), cycling through the cookies, until a line arrives on
// stdin; then prints every request as [startedAt (epoch ms), latency (ms), status].
import http from 'node:http';

const options = JSON.parse(process.argv[2] ?? '{}');
// No keep-alive: a socket the server closed while idle would fail the next read for nothing.
const agent = new http.Agent({ keepAlive: false });
const samples = [];
const pending = new Set();
let next = 0;

function get(cookie) {
  return new Promise((resolve) => {
    const startedAt = Date.now();
    const start = performance.now();
    const done = (status) => {
      samples.push([startedAt, performance.now() - start, status]);
      resolve();
    };
    const request = http.get(
      `${options.url}${options.path}`,
      { agent, headers: { cookie } },
      (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
      },
    );
    request.on('error', () => done(0));
  });
}

const timer = setInterval(() => {
  const cookie = options.cookies[next % options.cookies.length];
  next += 1;
  const request = get(cookie);
  pending.add(request);
  void request.then(() => pending.delete(request));
}, 1000 / options.perSecond);
process.stdin.once('data', async () => {
  clearInterval(timer);
  await Promise.all(pending);
  agent.destroy();
  process.stdout.write(JSON.stringify(samples));
});
