import { routes } from '@habitquest/contracts/routes';
import { and, asc, between, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { skips } from '../db/schema';
import type { FeatureDeps } from '../feature-deps';
import { serve } from '../http/serve-route';
import { restHistory } from './rest-history';
import { pauseHabit, resumeHabit } from './pause';
import { setSkip } from './set-skip';
import { endVacation, setVacation } from './vacation';

/** Rest days: /api/habits/:id/skips/:date, /api/skips, /api/habits/:id/pause, /api/vacation. */
export function restRoutes(deps: FeatureDeps): Hono<AppEnv> {
  const { db, now, events } = deps;
  const app = new Hono<AppEnv>();
  const changed = (userId: string, habitIds?: string[]) =>
    events.publish(userId, { type: 'rest', payload: habitIds ? { habitIds } : {} });

  serve(app, routes.setSkip, async (c, { params, body }) => {
    const userId = c.get('userId');
    const result = await setSkip({
      db,
      userId,
      habitId: params.id,
      date: params.date,
      skipped: body.skipped,
      now: now(),
    });
    await changed(userId, [params.id]);
    return result;
  });

  serve(app, routes.listSkips, async (c, { query: range }) => {
    const rows = await db
      .select({ habitId: skips.habitId, date: skips.skipDate })
      .from(skips)
      .where(and(eq(skips.userId, c.get('userId')), between(skips.skipDate, range.from, range.to)))
      .orderBy(asc(skips.skipDate));
    return rows;
  });

  serve(app, routes.listRestHistory, async (c) =>
    restHistory({ db, userId: c.get('userId'), now: now() }),
  );

  serve(app, routes.pauseHabit, async (c, { params, body }) => {
    const userId = c.get('userId');
    const habit = await pauseHabit({
      db,
      userId,
      habitId: params.id,
      resumesOn: body.resumesOn,
      now: now(),
    });
    await changed(userId, [params.id]);
    return habit;
  });

  serve(app, routes.resumeHabit, async (c, { params }) => {
    const userId = c.get('userId');
    const habit = await resumeHabit({ db, userId, habitId: params.id, now: now() });
    await changed(userId, [params.id]);
    return habit;
  });

  serve(app, routes.setVacation, async (c, { body }) => {
    const userId = c.get('userId');
    const state = await setVacation({ db, userId, vacation: body, now: now() });
    await changed(userId);
    return state;
  });

  serve(app, routes.endVacation, async (c) => {
    const userId = c.get('userId');
    const state = await endVacation({ db, userId, now: now() });
    await changed(userId);
    return state;
  });

  return app;
}
