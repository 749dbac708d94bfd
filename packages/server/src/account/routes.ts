import { routes } from '@habitquest/contracts/routes';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { FeatureDeps } from '../feature-deps';
import { serve } from '../http/serve-route';
import { accountSize } from './account-size';

/** /api/account/size. */
export function accountRoutes(deps: FeatureDeps): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  serve(app, routes.accountSize, (c) => accountSize(db, c.get('userId')));
  return app;
}
