import { routes } from '@habitquest/contracts/routes';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { FeatureDeps } from '../feature-deps';
import { pushSubscriptions } from '../db/schema';
import { serve } from '../http/serve-route';

/**
 * /api/push: the public key browsers subscribe with (null when this server sends no pushes), and
 * the subscriptions themselves. A subscription names one browser profile: subscribing it again
 * (another account signed in there) moves it, so reminders follow whoever uses that browser.
 */
export function pushRoutes(deps: FeatureDeps & { vapidPublicKey: string | null }): Hono<AppEnv> {
  const { db } = deps;
  const app = new Hono<AppEnv>();
  serve(app, routes.pushKey, () => ({ publicKey: deps.vapidPublicKey }));
  serve(app, routes.subscribePush, async (c, { body }) => {
    const row = {
      endpoint: body.endpoint,
      userId: c.get('userId'),
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
    };
    await db
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: row.userId, p256dh: row.p256dh, auth: row.auth },
      });
    return { ok: true as const };
  });
  serve(app, routes.unsubscribePush, async (c, { body }) => {
    await db
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.userId, c.get('userId')),
          eq(pushSubscriptions.endpoint, body.endpoint),
        ),
      );
    return { ok: true as const };
  });
  return app;
}
