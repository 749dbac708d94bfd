/**
 * `npm start`: one process serves the whole product.
 */
import { loadConfig } from './config';
import { DataDirLockedError } from './data-dir';
import { createLogger } from './logger';
import { startServer } from './server';

const config = loadConfig();
const logger = createLogger(config.logLevel, undefined, config.logFormat);

try {
  const server = await startServer({ config, logger });
  logger.info(
    { url: config.publicUrl, port: server.port, db: server.database.kind },
    `HabitQuest is ready on port ${server.port}`,
  );
  let isStopping = false;
  const stop = (signal: string): void => {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), 10_000).unref();
    server.close().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => {
    stop('SIGTERM');
  });
  process.on('SIGINT', () => {
    stop('SIGINT');
  });
} catch (error) {
  if (error instanceof DataDirLockedError) {
    logger.fatal(error.message);
  } else {
    logger.fatal({ err: error }, 'HabitQuest could not start');
  }
  process.exit(1);
}
