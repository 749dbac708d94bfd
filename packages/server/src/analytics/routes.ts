import {
  zAnalyticsDayQuery,
  zAnalyticsMonthQuery,
  zAnalyticsWeekQuery,
  zAnalyticsYearQuery,
} from '@habitquest/contracts/analytics';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { FeatureDeps } from '../feature-deps';
import { parseQuery } from '../http/params';
import { getDailyAnalytics } from './get-daily-analytics';
import { getMonthlyAnalytics } from './get-monthly-analytics';
import { getOverviewAnalytics } from './get-overview-analytics';
import { getWeeklyAnalytics } from './get-weekly-analytics';
import { requirePro } from './require-pro';

/** GET /api/analytics/overview|monthly|weekly|daily — Pro only, checked before anything else. */
export function analyticsRoutes(deps: FeatureDeps): Hono<AppEnv> {
  const { db, now } = deps;
  const app = new Hono<AppEnv>();
  app.use('/analytics/*', requirePro(db));
  app.get('/analytics/overview', async (c) => {
    const { year } = parseQuery(c, zAnalyticsYearQuery);
    return c.json(await getOverviewAnalytics({ db, userId: c.get('userId'), now: now(), year }));
  });
  app.get('/analytics/monthly', async (c) => {
    const { year, month } = parseQuery(c, zAnalyticsMonthQuery);
    const userId = c.get('userId');
    return c.json(await getMonthlyAnalytics({ db, userId, now: now(), year, month }));
  });
  app.get('/analytics/weekly', async (c) => {
    const { referenceDate } = parseQuery(c, zAnalyticsWeekQuery);
    const userId = c.get('userId');
    return c.json(await getWeeklyAnalytics({ db, userId, now: now(), referenceDate }));
  });
  app.get('/analytics/daily', async (c) => {
    const { date } = parseQuery(c, zAnalyticsDayQuery);
    return c.json(await getDailyAnalytics({ db, userId: c.get('userId'), now: now(), date }));
  });
  return app;
}
