import { localDateOf, parseLocalDate } from '@habitquest/core/dates';
import type { QueryClient } from '@tanstack/react-query';
import { sessionQuery } from '../auth/queries';
import { categoriesQuery } from '../goals/queries';
import { habitsQuery, yearCompletionsQuery } from '../habits/queries';
import { meQuery } from '../me/queries';
import { restHistoryQuery, yearSkipsQuery } from '../rest/queries';
import { hasEarlyReads } from '../../lib/early-reads';

/** How long the first render waits for the first screen's data, at most. */
export const FIRST_SCREEN_WAIT_MS = 1_500;

/**
 * The first screen's data, read into the cache before the app's first render when the page
 * started early reads (lib/early-reads.ts; contracts/first-reads.ts names the same reads): the
 * first paint is then the dashboard itself, rather than a loading screen that gives way to it a
 * moment later (docs/ARCHITECTURE.md, "Early reads and the live stream"). Those answers are
 * usually in by the time the app's code has run; when they are slow, the app renders after
 * `waitMs` as it would without them, and the reads go on. A read that fails is left to the
 * page's own query, which shows its error.
 */
export async function readFirstScreen(
  client: QueryClient,
  waitMs = FIRST_SCREEN_WAIT_MS,
): Promise<void> {
  if (!hasEarlyReads()) return;
  const reads = Promise.allSettled([
    client.query(sessionQuery),
    client.query(habitsQuery),
    client.query(categoriesQuery),
    client.query(restHistoryQuery),
    // The year's window is the one the dashboard shows first: today's, in the user's zone.
    client.query(meQuery).then(async ({ settings }) => {
      const { year } = parseLocalDate(localDateOf(Date.now(), settings.timeZone));
      await Promise.all([
        client.query(yearCompletionsQuery(year)),
        client.query(yearSkipsQuery(year)),
      ]);
    }),
  ]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  await Promise.race([reads, timeout]);
  clearTimeout(timer);
}
