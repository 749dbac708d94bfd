import type { LocalDate } from '@habitquest/core/dates';
import { weeklyAnalytics, type WeeklyAnalytics } from '@habitquest/core/analytics/weekly';
import type { Database } from '../db/client';
import { loadAnalyticsFacts } from './load-analytics-facts';

/** GET /api/analytics/weekly: the week containing `referenceDate` (today when absent). */
export async function getWeeklyAnalytics(options: {
  db: Database;
  userId: string;
  now: Date;
  referenceDate: LocalDate | undefined;
}): Promise<WeeklyAnalytics> {
  const facts = await loadAnalyticsFacts(options);
  return weeklyAnalytics({ ...facts, referenceDate: options.referenceDate ?? facts.today });
}
