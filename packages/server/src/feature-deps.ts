import type { Config } from './config';
import type { Database } from './db/client';
import type { Logger } from './logger';
import type { EventBus } from './realtime/bus';

/** What every feature's routes get: the database, the clock, the realtime bus, config and log. */
export type FeatureDeps = {
  db: Database;
  now: () => Date;
  events: EventBus;
  config: Config;
  logger: Logger;
};
