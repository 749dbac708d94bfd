import { monthlyAnalytics, type MonthlyAnalytics } from '@habitquest/core/analytics/monthly';
import type { Database } from '../db/client';
import { loadAnalyticsFacts, loadCategoryFacts, loadFirstYearFacts } from './load-analytics-facts';

/** GET /api/analytics/monthly: the Monthly tab for a month (1–12) of a year. */
export async function getMonthlyAnalytics(options: {
  db: Database;
  userId: string;
  now: Date;
  year: number;
  month: number;
}): Promise<MonthlyAnalytics> {
  const [facts, categories] = await Promise.all([
    loadAnalyticsFacts(options),
    loadCategoryFacts(options.db, options.userId),
  ]);
  return monthlyAnalytics({
    ...facts,
    ...(await loadFirstYearFacts(options.db, options.userId, facts.timeZone)),
    categories,
    year: options.year,
    month: options.month,
  });
}
