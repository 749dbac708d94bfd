import { buildExportFile, exportFileName, type BackupFile } from '@habitquest/core/backup-schema';
import type { Database } from '../db/client';
import { loadSettings } from '../settings/load-settings';
import { loadBackupData } from './load-backup-data';

/**
 * GET /api/export: the user's server data as an export file (version 4.0.0, spec §3) and the
 * name to save it under, stamped in the user's own time zone.
 */
export async function exportData(options: {
  db: Database;
  userId: string;
  now: Date;
}): Promise<{ file: BackupFile; fileName: string }> {
  const { db, userId, now } = options;
  // One snapshot, so the counts, the balances and the rows all describe the same moment.
  const { data, settings } = await db.transaction(
    async (tx) => ({
      data: await loadBackupData(tx, userId),
      settings: await loadSettings(tx, userId),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return {
    file: buildExportFile({ data, exportedAt: now }),
    fileName: exportFileName(now, settings.timeZone),
  };
}
