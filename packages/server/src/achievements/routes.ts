import { routes } from '@habitquest/contracts/routes';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { FeatureDeps } from '../feature-deps';
import { serve } from '../http/serve-route';
import { listAchievements } from './list-achievements';

/** /api/achievements. */
export function achievementRoutes(deps: FeatureDeps): Hono<AppEnv> {
  const { db, now, events } = deps;
  const app = new Hono<AppEnv>();
  serve(app, routes.listAchievements, async (c) => {
    const userId = c.get('userId');
    const { list, unlocked } = await listAchievements({ db, userId, now: now() });
    if (unlocked.length > 0)
      await events.publish(userId, { type: 'achievements', payload: { ids: unlocked } });
    return list;
  });
  return app;
}
