import { zProfilePatch } from '@habitquest/contracts/me';
import { zSettingsPatch } from '@habitquest/contracts/settings';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { FeatureDeps } from '../feature-deps';
import { parseBody } from '../http/validate';
import { updateProfile } from '../profile/update-profile';
import { updateSettings } from '../settings/update-settings';
import { getMe } from './get-me';

/** /api/me, /api/profile, /api/settings. */
export function meRoutes(deps: FeatureDeps): Hono<AppEnv> {
  const { db, now, events } = deps;
  const app = new Hono<AppEnv>();
  app.get('/me', async (c) => c.json(await getMe({ db, userId: c.get('userId'), now: now() })));
  app.patch('/profile', async (c) => {
    const patch = await parseBody(c, zProfilePatch);
    const profile = await updateProfile({ db, userId: c.get('userId'), patch });
    await events.publish(c.get('userId'), { type: 'profile', payload: profile });
    return c.json(profile);
  });
  app.patch('/settings', async (c) => {
    const patch = await parseBody(c, zSettingsPatch);
    const settings = await updateSettings({ db, userId: c.get('userId'), patch });
    await events.publish(c.get('userId'), { type: 'settings', payload: { settings } });
    // A new week start re-keys weekly completions and moves every week's figures.
    if (patch.weekStart !== undefined) {
      await events.publish(c.get('userId'), { type: 'completions', payload: { habitIds: [] } });
    }
    return c.json(settings);
  });
  return app;
}
