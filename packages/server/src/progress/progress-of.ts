import type { Progress } from '@habitquest/contracts/me';
import type { Database } from '../db/client';
import { loadSettings, todayFor } from '../settings/load-settings';
import { loadProgress } from './load-progress';

/** The Progress wire shape after a change, in the user's own "today". */
export async function toProgressOf(options: {
  db: Database;
  userId: string;
  now: Date;
}): Promise<Progress> {
  const settings = await loadSettings(options.db, options.userId);
  return loadProgress({
    db: options.db,
    userId: options.userId,
    today: todayFor(settings, options.now),
  });
}
