import { overviewAnalytics, type OverviewAnalytics } from '@habitquest/core/analytics/overview';
import type { Database } from '../db/client';
import { loadAnalyticsFacts, loadFirstYearFacts } from './load-analytics-facts';

/** GET /api/analytics/overview: the Overview tab for a year. */
export async function getOverviewAnalytics(options: {
  db: Database;
  userId: string;
  now: Date;
  year: number;
}): Promise<OverviewAnalytics> {
  const facts = await loadAnalyticsFacts(options);
  return overviewAnalytics({
    ...facts,
    ...(await loadFirstYearFacts(options.db, options.userId, facts.timeZone)),
    year: options.year,
  });
}
