/**
 * The reads the dashboard's first screen makes when the app starts (docs/performance.md, "Early
 * reads"), as the paths the web app asks for. The server names them in the index.html it sends a
 * signed-in browser, whose boot.js starts them while the app's code downloads; the app
 * takes each answer over in place of its own request (web/src/lib/early-reads.ts). A path here
 * that the app no longer asks for exactly is never taken: only the speed-up is lost, which the
 * end-to-end test of early reads catches.
 */
import { addDays, formatLocalDate, type LocalDate } from '@habitquest/core/dates';
import { routes } from './routes';

/**
 * A year's window of completions and skips, from six days before 1 January (a weekly period may
 * begin in December) to six days after 31 December: every period of every frequency touching that
 * year is complete in it, whatever day the weeks start on. The same window for every week start,
 * so that a new week start finds the completions it needs already read, offline too. At most 378
 * days, inside the server's 400-day cap.
 */
export function yearRange(year: number): { from: string; to: string } {
  return {
    from: addDays(formatLocalDate(year, 1, 1), -6),
    to: addDays(formatLocalDate(year, 12, 31), 6),
  };
}

/** The first screen's reads for a user whose today is `today`, in the order the app asks. */
export function firstScreenReads(today: LocalDate): string[] {
  const { from, to } = yearRange(Number(today.slice(0, 4)));
  // As the web app's client writes a query (lib/api.ts): in order, dates need no escaping.
  const window = `?from=${from}&to=${to}`;
  return [
    routes.session.path,
    routes.me.path,
    routes.listHabits.path,
    routes.listCategories.path,
    routes.listCompletionColumns.path + window,
    routes.listSkips.path + window,
    routes.listRestHistory.path,
  ];
}
