import { routes } from '@habitquest/contracts/routes';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { usernameCheckKey } from '../auth/limits';
import { hitLimit, type LimitRule } from '../auth/rate-limit';
import { LIMIT_MESSAGES } from '../auth/routes';
import { clientIp } from '../http/client-ip';
import { HttpError } from '../http/errors';
import type { FeatureDeps } from '../feature-deps';
import { serve } from '../http/serve-route';
import { updateProfile } from '../profile/update-profile';
import { updateSettings } from '../settings/update-settings';
import { DerivedCache, KEPT_USERS } from '../habits/derived-cache';
import { getMe, type KeptMe } from './get-me';

/** /api/me, /api/profile, /api/settings. */
export function meRoutes(
  deps: FeatureDeps,
  options: {
    /** The username checks of one address (auth/limits.ts), which a rename counts against. */
    usernameChecks: LimitRule;
  },
): Hono<AppEnv> {
  const { db, now, events, config } = deps;
  const app = new Hono<AppEnv>();
  // Each user's day streak and vacation, for as long as their data does not change.
  const kept = new DerivedCache<KeptMe>(KEPT_USERS);
  serve(app, routes.me, (c) =>
    getMe({ db, userId: c.get('userId'), now: now(), revision: c.get('revision'), cache: kept }),
  );
  serve(app, routes.updateProfile, async (c, { body: patch }) => {
    // "Already taken" answers whether a username exists, as the sign-up's availability check
    // does: both count against one limit per address, or this would be the way around it.
    const ip = clientIp(c, config.trustProxy);
    const check = await hitLimit(db, usernameCheckKey(ip), options.usernameChecks, Date.now());
    if (!check.isAllowed) {
      const seconds = check.retryAfterSeconds;
      throw new HttpError(
        'RATE_LIMITED',
        LIMIT_MESSAGES.usernameChecks,
        { retryAfter: seconds },
        { 'Retry-After': String(seconds) },
      );
    }
    const profile = await updateProfile({ db, userId: c.get('userId'), patch });
    await events.publish(c.get('userId'), { type: 'profile', payload: profile });
    return profile;
  });
  serve(app, routes.updateSettings, async (c, { body: patch }) => {
    const settings = await updateSettings({ db, userId: c.get('userId'), patch });
    // A new week start re-keys weekly completions and moves every week's figures; a new time
    // zone moves "today", and with it streaks and every figure keyed by dates.
    const redated = patch.weekStart !== undefined || patch.timeZone !== undefined;
    await events.publish(
      c.get('userId'),
      { type: 'settings', payload: { settings } },
      ...(redated ? [{ type: 'completions' as const, payload: { habitIds: [] } }] : []),
    );
    return settings;
  });
  return app;
}
