import { routes } from '@habitquest/contracts/routes';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { FeatureDeps } from '../feature-deps';
import { serve } from '../http/serve-route';
import { createReward } from './create-reward';
import { deleteReward } from './delete-reward';
import { listPurchases } from './list-purchases';
import { listRewards } from './list-rewards';
import { redeemReward } from './redeem-reward';
import { updateReward } from './update-reward';

/** /api/rewards, their redeem, and the inventory at /api/purchases. */
export function rewardRoutes(deps: FeatureDeps): Hono<AppEnv> {
  const { db, now, events } = deps;
  const app = new Hono<AppEnv>();
  serve(app, routes.listRewards, (c) => listRewards({ db, userId: c.get('userId') }));
  serve(app, routes.createReward, async (c, { body: input }) => {
    const userId = c.get('userId');
    const reward = await createReward({ db, userId, input });
    await events.publish(userId, { type: 'rewards', payload: { ids: [reward.id] } });
    return reward;
  });
  serve(app, routes.updateReward, async (c, { params: { id }, body: patch }) => {
    const userId = c.get('userId');
    const reward = await updateReward({ db, userId, id, patch });
    await events.publish(userId, { type: 'rewards', payload: { ids: [id] } });
    return reward;
  });
  serve(app, routes.deleteReward, async (c, { params: { id } }) => {
    const userId = c.get('userId');
    const result = await deleteReward({ db, userId, id });
    await events.publish(userId, { type: 'rewards', payload: { ids: [id] } });
    return result;
  });
  serve(app, routes.redeemReward, async (c, { params: { id } }) => {
    const userId = c.get('userId');
    const { unlocked, ...result } = await redeemReward({ db, userId, id, now: now() });
    await events.publish(
      userId,
      { type: 'purchases', payload: { ids: [result.purchase.id] } },
      { type: 'rewards', payload: { ids: [id] } },
      { type: 'progress', payload: { progress: result.progress } },
      ...(unlocked.length > 0
        ? [{ type: 'achievements' as const, payload: { ids: unlocked } }]
        : []),
    );
    return result;
  });
  serve(app, routes.listPurchases, (c) => listPurchases({ db, userId: c.get('userId') }));
  return app;
}
