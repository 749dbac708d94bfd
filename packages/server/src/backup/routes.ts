import { routes } from '@habitquest/contracts/routes';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { FeatureDeps } from '../feature-deps';
import { serve } from '../http/serve-route';
import { exportData } from './export-data';
import type { ChunkedWrites } from './apply-in-chunks';
import { importData } from './import-data';
import { importJournalDir } from './import-journal';
import { resetData } from './reset-data';

/** /api/export, /api/import, /api/reset. */
export function backupRoutes(deps: FeatureDeps): Hono<AppEnv> {
  const { db, now, events, config, logger } = deps;
  // Without DATABASE_URL the database is PGlite in DATA_DIR: imports are written in short
  // transactions with a journal there (apply-in-chunks.ts).
  const chunked: ChunkedWrites | undefined = config.databaseUrl
    ? undefined
    : { journalDir: importJournalDir(config.dataDir) };
  const app = new Hono<AppEnv>();
  serve(app, routes.exportData, async (c) => {
    const { text, fileName } = await exportData({ db, userId: c.get('userId'), now: now() });
    c.header('Content-Type', 'application/json; charset=UTF-8');
    c.header('Content-Disposition', `attachment; filename="${fileName}"`);
    // A copy of the user's whole data: no cache along the way should keep it.
    c.header('Cache-Control', 'no-store');
    // Streamed: a long history is never one string, nor one long pause for everyone else.
    return c.body(streamOf(text));
  });
  serve(app, routes.importData, async (c) => {
    const userId = c.get('userId');
    // Parsed and checked off this thread, with everything else a large file needs.
    const body = await c.req.text();
    const result = await importData({
      db,
      userId,
      body,
      now: now().getTime(),
      chunked,
      onRestoreFailed: (error) => {
        logger.error(
          { userId, importError: error.importError, restoreError: error.restoreError },
          'an import failed and could not be put back: the journal is restored at the next start',
        );
      },
    });
    await events.publish(userId, { type: 'resync', payload: { reason: 'import' } });
    return result;
  });
  serve(app, routes.resetData, async (c) => {
    const userId = c.get('userId');
    await resetData({ db, userId });
    await events.publish(userId, { type: 'resync', payload: { reason: 'reset' } });
    return { ok: true as const };
  });
  return app;
}

function streamOf(pieces: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const next = await pieces.next();
      if (next.done === true) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}
