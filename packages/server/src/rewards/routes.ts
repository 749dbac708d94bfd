import { zRewardCreate, zRewardUpdate } from '@habitquest/contracts/rewards';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { FeatureDeps } from '../feature-deps';
import { idParam } from '../http/params';
import { parseBody } from '../http/validate';
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
  app.get('/rewards', async (c) => c.json(await listRewards({ db, userId: c.get('userId') })));
  app.post('/rewards', async (c) => {
    const input = await parseBody(c, zRewardCreate);
    const userId = c.get('userId');
    const reward = await createReward({ db, userId, input });
    await events.publish(userId, { type: 'rewards', payload: { ids: [reward.id] } });
    return c.json(reward, 201);
  });
  app.patch('/rewards/:id', async (c) => {
    const id = idParam(c);
    const patch = await parseBody(c, zRewardUpdate);
    const userId = c.get('userId');
    const reward = await updateReward({ db, userId, id, patch });
    await events.publish(userId, { type: 'rewards', payload: { ids: [id] } });
    return c.json(reward);
  });
  app.delete('/rewards/:id', async (c) => {
    const id = idParam(c);
    const userId = c.get('userId');
    const result = await deleteReward({ db, userId, id });
    await events.publish(userId, { type: 'rewards', payload: { ids: [id] } });
    return c.json(result);
  });
  app.post('/rewards/:id/redeem', async (c) => {
    const id = idParam(c);
    const userId = c.get('userId');
    const result = await redeemReward({ db, userId, id, now: now() });
    await events.publish(userId, { type: 'purchases', payload: { ids: [result.purchase.id] } });
    await events.publish(userId, { type: 'rewards', payload: { ids: [id] } });
    await events.publish(userId, { type: 'progress', payload: { progress: result.progress } });
    return c.json(result);
  });
  app.get('/purchases', async (c) => c.json(await listPurchases({ db, userId: c.get('userId') })));
  return app;
}
