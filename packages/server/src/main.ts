/**
 * `npm start`: one process serves the whole product.
 */
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { loadConfig } from './config';
import { createLogger } from './logger';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const app = createApp({ config, logger });

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  logger.info({ url: `http://localhost:${info.port}` }, 'HabitQuest is ready');
});

let isStopping = false;
function stop(signal: string): void {
  if (isStopping) return;
  isStopping = true;
  logger.info({ signal }, 'shutting down');
  // Stop accepting connections and let requests in flight finish before exiting.
  server.close(() => {
    logger.info('stopped');
    process.exit(0);
  });
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGTERM', () => {
  stop('SIGTERM');
});
process.on('SIGINT', () => {
  stop('SIGINT');
});
