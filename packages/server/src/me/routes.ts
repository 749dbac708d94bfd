import { zProfilePatch } from '@habitquest/contracts/me';
import { zSettingsPatch } from '@habitquest/contracts/settings';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { Database } from '../db/client';
import { parseBody } from '../http/validate';
import { updateProfile } from '../profile/update-profile';
import { updateSettings } from '../settings/update-settings';
import { getMe } from './get-me';

/** /api/me, /api/profile, /api/settings. */
export function meRoutes(options: { db: Database; now: () => Date }): Hono<AppEnv> {
  const { db, now } = options;
  const app = new Hono<AppEnv>();
  app.get('/me', async (c) => c.json(await getMe({ db, userId: c.get('userId'), now: now() })));
  app.patch('/profile', async (c) => {
    const patch = await parseBody(c, zProfilePatch);
    return c.json(await updateProfile({ db, userId: c.get('userId'), patch }));
  });
  app.patch('/settings', async (c) => {
    const patch = await parseBody(c, zSettingsPatch);
    return c.json(await updateSettings({ db, userId: c.get('userId'), patch }));
  });
  return app;
}
