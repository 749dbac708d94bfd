import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { Logger } from './logger';
import type { EventBus } from './realtime/bus';

/** What every feature's routes get: the database, the clock, the realtime bus, config and log. */
export type FeatureDeps = {
  db: Database;
  /** The same database, for what needs more than Drizzle: a stepped transaction (set-state). */
  database: DatabaseHandle;
  now: () => Date;
  events: EventBus;
  config: Config;
  logger: Logger;
};
