import { firstScreenReads } from '@habitquest/contracts/first-reads';
import type { SessionReader } from '../auth/session-reader';
import type { Database } from '../db/client';
import { loadSettings, todayFor } from '../settings/load-settings';
import type { FirstReadsFor } from '../web-app';

/**
 * The dashboard's first reads for the session of a page request (web-app.ts names them in the
 * index.html it sends): today's year window in the user's own zone and week start, so that each
 * path is exactly the one the app asks for. Null for a visitor, whose page names none.
 */
export function firstReadsOf(deps: {
  readSession: SessionReader;
  db: Database;
  now: () => Date;
}): FirstReadsFor {
  return async (cookieHeader) => {
    const signedIn = await deps.readSession(cookieHeader);
    if (signedIn === null) return null;
    const settings = await loadSettings(deps.db, signedIn.userId);
    return firstScreenReads(todayFor(settings, deps.now()));
  };
}
