import type { RestHistory } from '@habitquest/contracts/rest';
import type { Database } from '../db/client';
import { loadSettings, todayFor } from '../settings/load-settings';
import { loadRest } from './load-rest';

/**
 * GET /api/rest/history — the pauses and vacations that ended before today, oldest first. The web
 * needs them to show past rest days as the server counts them (calendar, Day Insights).
 */
export async function restHistory(options: {
  db: Database;
  userId: string;
  now: Date;
}): Promise<RestHistory> {
  const { db, userId } = options;
  const [settings, rest] = await Promise.all([loadSettings(db, userId), loadRest(db, userId)]);
  const today = todayFor(settings, options.now);
  const byStart = (a: { startsOn: string }, b: { startsOn: string }) =>
    a.startsOn < b.startsOn ? -1 : a.startsOn > b.startsOn ? 1 : 0;
  const pauses = [...rest.pauses].flatMap(([habitId, ranges]) =>
    ranges.flatMap(({ startsOn, endsOn }) =>
      endsOn !== null && endsOn < today ? [{ habitId, startsOn, endsOn }] : [],
    ),
  );
  const vacations = rest.vacations.flatMap(({ startsOn, endsOn }) =>
    endsOn !== null && endsOn < today ? [{ startsOn, endsOn }] : [],
  );
  return { pauses: pauses.sort(byStart), vacations: vacations.sort(byStart) };
}
