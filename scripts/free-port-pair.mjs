// Prints a port P such that P and P + 1 are both free on 127.0.0.1: the end-to-end run's app and
// its Stripe stand-in (e2e/support/e2e-env.ts). The default, 3187, when it is free; else the first
// free pair of a few random ones. A server left on the default ports (an earlier run stopped
// half-way, `npm start` with PORT=3187) then no longer fails the whole run at its start.
import { createServer } from 'node:net';

const DEFAULT_PORT = 3187;

/** Whether `port` can be listened on now (the probe is closed again before answering). */
function isFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => {
      resolve(false);
    });
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      server.close(() => {
        resolve(true);
      });
    });
  });
}

async function isFreePair(port) {
  return (await isFree(port)) && (await isFree(port + 1));
}

const candidates = [
  DEFAULT_PORT,
  ...Array.from({ length: 50 }, () => 20_000 + 2 * Math.floor(Math.random() * 15_000)),
];
for (const port of candidates) {
  if (await isFreePair(port)) {
    process.stdout.write(`${String(port)}\n`);
    process.exit(0);
  }
}
process.stderr.write('No two free ports next to each other were found for the end-to-end run.\n');
process.exit(1);
