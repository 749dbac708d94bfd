import type { AccountSize } from '@habitquest/contracts/account';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { FeatureDeps } from '../feature-deps';
import { accountSize } from './account-size';

/** /api/account/size. */
export function accountRoutes(deps: FeatureDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  app.get('/account/size', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json((await accountSize(db, c.get('userId'))) satisfies AccountSize);
  });
  return app;
}
