import { routes } from '@habitquest/contracts/routes';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { FeatureDeps } from '../feature-deps';
import { pushSubscriptions } from '../db/schema';
import { serve } from '../http/serve-route';
import { lockUser } from '../progress/ledger';

/**
 * Browsers one account keeps subscribed. Subscribing one more forgets the one subscribed longest
 * ago: a browser profile reinstalled many times leaves dead subscriptions behind, and must not
 * lock its user out; and a round of pushes to one user stays small (push-sender.ts).
 */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/**
 * /api/push: the public key browsers subscribe with (null when this server sends no pushes), and
 * the subscriptions themselves. A subscription names one browser profile: subscribing it again
 * (another account signed in there) moves it, so reminders follow whoever uses that browser.
 * Endpoints are https URLs on public hosts only (contracts' zPushSubscription), and an account
 * keeps at most MAX_PUSH_SUBSCRIPTIONS, the most recently subscribed. With its subscription a tab
 * sends, each time they change (and again after a failed call), until when the browser is quiet
 * (paused, snoozed) and its last activity; both are kept on the row, which push-sender.ts reads.
 * Sending the same state again leaves it as it was.
 */
export function pushRoutes(deps: FeatureDeps & { vapidPublicKey: string | null }): Hono<AppEnv> {
  const { db, now } = deps;
  const app = new Hono<AppEnv>();
  serve(app, routes.pushKey, () => ({ publicKey: deps.vapidPublicKey }));
  serve(app, routes.subscribePush, async (c, { body }) => {
    const row = {
      endpoint: body.endpoint,
      userId: c.get('userId'),
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
    };
    // The browser's pause and snooze, when it sent them: 'infinity' never passes.
    const quiet =
      body.quietUntil === undefined
        ? {}
        : {
            quietUntil:
              body.quietUntil === 'indefinitely'
                ? 'infinity'
                : body.quietUntil && new Date(body.quietUntil).toISOString(),
          };
    // Its last activity, never later than now (a clock ahead would hold reminders back).
    const activeAt =
      body.activeAt === undefined || body.activeAt === null
        ? null
        : new Date(Math.min(Date.parse(body.activeAt), now().getTime()));
    // The days it was in use, each once, when it sent them (its tabs share one record of them).
    const days =
      body.sessionDays === undefined ? {} : { sessionDays: [...new Set(body.sessionDays)].sort() };
    await db.transaction(async (tx) => {
      // One subscribe of a user at a time, so parallel ones cannot leave more than the cap.
      await lockUser(tx, row.userId);
      // The real clock, not the app's: it orders this user's subscriptions, serialised above.
      const subscribedAt = sql`clock_timestamp()`;
      await tx
        .insert(pushSubscriptions)
        .values({ ...row, ...quiet, ...days, activeAt, createdAt: subscribedAt })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: row.userId,
            p256dh: row.p256dh,
            auth: row.auth,
            createdAt: subscribedAt,
            ...quiet,
            ...days,
            // Two tabs of one browser report their own activity: the latest stands. A browser
            // another account signed in to starts from what this one reports.
            activeAt: sql`case when ${pushSubscriptions.userId} = excluded.user_id
              then greatest(${pushSubscriptions.activeAt}, excluded.active_at)
              else excluded.active_at end`,
          },
        });
      const kept = await tx
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, row.userId))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.endpoint));
      const dropped = kept
        .slice(MAX_PUSH_SUBSCRIPTIONS)
        .map((subscription) => subscription.endpoint);
      if (dropped.length > 0) {
        await tx
          .delete(pushSubscriptions)
          .where(
            and(
              eq(pushSubscriptions.userId, row.userId),
              inArray(pushSubscriptions.endpoint, dropped),
            ),
          );
      }
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
