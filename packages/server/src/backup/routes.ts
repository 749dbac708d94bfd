import {
  zImportRequest,
  zResetRequest,
  type ImportResult,
  type ResetResult,
} from '@habitquest/contracts/backup';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { FeatureDeps } from '../feature-deps';
import { parseBody } from '../http/validate';
import { exportData } from './export-data';
import { importData } from './import-data';
import { resetData } from './reset-data';

/** /api/export, /api/import, /api/reset. */
export function backupRoutes(deps: FeatureDeps): Hono<AppEnv> {
  const { db, now, events } = deps;
  const app = new Hono<AppEnv>();
  app.get('/export', async (c) => {
    const { file, fileName } = await exportData({ db, userId: c.get('userId'), now: now() });
    c.header('Content-Disposition', `attachment; filename="${fileName}"`);
    // A copy of the user's whole data: no cache along the way should keep it.
    c.header('Cache-Control', 'no-store');
    return c.json(file);
  });
  app.post('/import', async (c) => {
    const request = await parseBody(c, zImportRequest);
    const userId = c.get('userId');
    const result = await importData({ db, userId, mode: request.mode, file: request.data });
    await events.publish(userId, { type: 'resync', payload: { reason: 'import' } });
    return c.json(result satisfies ImportResult);
  });
  app.post('/reset', async (c) => {
    await parseBody(c, zResetRequest);
    const userId = c.get('userId');
    await resetData({ db, userId });
    await events.publish(userId, { type: 'resync', payload: { reason: 'reset' } });
    return c.json({ ok: true } satisfies ResetResult);
  });
  return app;
}
