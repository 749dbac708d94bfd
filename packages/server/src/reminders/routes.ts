import { routes } from '@habitquest/contracts/routes';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { FeatureDeps } from '../feature-deps';
import { serve } from '../http/serve-route';
import { claimReminder } from './claim-reminder';
import { listSentReminders } from './list-sent';

/** /api/reminders: the record every channel claims a reminder in before showing it. */
export function reminderRoutes(deps: FeatureDeps): Hono<AppEnv> {
  const { db, now } = deps;
  const app = new Hono<AppEnv>();
  serve(app, routes.claimReminder, (c, { body: claim }) =>
    claimReminder({ db, userId: c.get('userId'), claim, now: now() }),
  );
  serve(app, routes.listSentReminders, (c) =>
    listSentReminders({ db, userId: c.get('userId'), now: now() }),
  );
  return app;
}
