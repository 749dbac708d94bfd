import { overviewAnalytics, type OverviewAnalytics } from '@habitquest/core/analytics-overview';
import type { Database } from '../db/client';
import { loadAnalyticsFacts, loadPurchaseFacts } from './load-analytics-facts';

/** GET /api/analytics/overview: the Overview tab for a year. */
export async function getOverviewAnalytics(options: {
  db: Database;
  userId: string;
  now: Date;
  year: number;
}): Promise<OverviewAnalytics> {
  const facts = await loadAnalyticsFacts(options);
  const purchases = await loadPurchaseFacts(options.db, options.userId, facts.timeZone);
  return overviewAnalytics({ ...facts, purchases, year: options.year });
}
