import { routes } from '@habitquest/contracts/routes';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { FeatureDeps } from '../feature-deps';
import { serve } from '../http/serve-route';
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
  serve(app, routes.overviewAnalytics, (c, { query: { year } }) =>
    getOverviewAnalytics({ db, userId: c.get('userId'), now: now(), year }),
  );
  serve(app, routes.monthlyAnalytics, (c, { query: { year, month } }) =>
    getMonthlyAnalytics({ db, userId: c.get('userId'), now: now(), year, month }),
  );
  serve(app, routes.weeklyAnalytics, (c, { query: { referenceDate } }) =>
    getWeeklyAnalytics({ db, userId: c.get('userId'), now: now(), referenceDate }),
  );
  serve(app, routes.dailyAnalytics, (c, { query: { date } }) =>
    getDailyAnalytics({ db, userId: c.get('userId'), now: now(), date }),
  );
  return app;
}
