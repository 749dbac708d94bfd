import type { LocalDate } from '@habitquest/core/dates';
import { dailyAnalytics, type DailyAnalytics } from '@habitquest/core/analytics/daily';
import type { Database } from '../db/client';
import { loadAnalyticsFacts } from './load-analytics-facts';

/** GET /api/analytics/daily: the Daily tab for `date` (today when absent). */
export async function getDailyAnalytics(options: {
  db: Database;
  userId: string;
  now: Date;
  date: LocalDate | undefined;
}): Promise<DailyAnalytics> {
  const facts = await loadAnalyticsFacts(options);
  return dailyAnalytics({ ...facts, date: options.date ?? facts.today });
}
