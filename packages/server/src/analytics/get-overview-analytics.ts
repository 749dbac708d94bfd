import { overviewAnalytics, type OverviewAnalytics } from '@habitquest/core/analytics/overview';
import { localDateOf } from '@habitquest/core/dates';
import { eq } from 'drizzle-orm';
import { user } from '../db/auth-schema';
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
  // The account's first day bounds the year navigation (its first year has nothing before it).
  const [account] = await options.db
    .select({ createdAt: user.createdAt })
    .from(user)
    .where(eq(user.id, options.userId));
  return overviewAnalytics({
    ...facts,
    purchases,
    year: options.year,
    ...(account ? { accountCreatedOn: localDateOf(account.createdAt, facts.timeZone) } : {}),
  });
}
