import type { Settings } from '@habitquest/contracts/settings';
import { fnv1a64Hasher } from '@habitquest/core/backup/checksum';
import { BACKUP_SOURCE, BACKUP_VERSION, type BackupData } from '@habitquest/core/backup/schema';
import { exportFileName, integrityOf } from '@habitquest/core/backup/export-file';
import { canonicalJson } from '@habitquest/core/canonical-json';
import type { Database } from '../db/client';
import { loadSettings } from '../settings/load-settings';
import { dataVersion } from './data-version';
import { loadBackupData } from './load-backup-data';

/** Reads outside a transaction that an export tries before it takes one consistent read. */
const UNLOCKED_READS = 3;
/** Text handed to the response at a time; between pieces other requests get their turn. */
const PIECE_CHARACTERS = 64 * 1024;

/**
 * GET /api/export: the user's server data as an export file (version 4.0.0, docs/product.md), as text
 * produced piece by piece, and the name to save it under, stamped in the user's own time zone.
 */
export async function exportData(options: {
  db: Database;
  userId: string;
  now: Date;
}): Promise<{ text: AsyncGenerator<string>; fileName: string }> {
  const { db, userId, now } = options;
  const { data, settings } = await readSnapshot(db, userId);
  return { text: exportText(data, now), fileName: exportFileName(now, settings.timeZone) };
}

/**
 * The counts, the balances and the rows as of one moment. They are read in short queries outside
 * any transaction, because on the embedded database a transaction holds the only connection
 * until it ends; the data version before and after tells whether anything changed meanwhile.
 * A user whose data keeps changing gets one read-only transaction instead.
 */
async function readSnapshot(
  db: Database,
  userId: string,
): Promise<{ data: BackupData; settings: Settings }> {
  for (let attempt = 1; attempt <= UNLOCKED_READS; attempt += 1) {
    const version = await dataVersion(db, userId);
    const data = await loadBackupData(db, userId);
    const settings = await loadSettings(db, userId);
    if ((await dataVersion(db, userId)) === version) return { data, settings };
  }
  return db.transaction(
    async (tx) => ({
      data: await loadBackupData(tx, userId),
      settings: await loadSettings(tx, userId),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The export file as text, the same file buildExportFile describes. `data` is written in
 * canonical form (keys sorted at every depth), which is exactly the text its checksum covers, so
 * the checksum is computed as the pieces go out instead of in one long pass over the whole file.
 */
export async function* exportText(data: BackupData, exportedAt: Date): AsyncGenerator<string> {
  const hash = fnv1a64Hasher();
  yield `{"version":${JSON.stringify(BACKUP_VERSION)},"exportedAt":${JSON.stringify(exportedAt.toISOString())},"source":${JSON.stringify(BACKUP_SOURCE)},"data":`;
  let piece = '{';
  const keys = (Object.keys(data) as (keyof BackupData)[]).sort();
  for (const [index, key] of keys.entries()) {
    piece += `${index === 0 ? '' : ','}${JSON.stringify(key)}:`;
    if (key !== 'habits') {
      piece += canonicalJson(data[key]);
      continue;
    }
    piece += '[';
    for (const [position, habit] of data.habits.entries()) {
      piece += `${position === 0 ? '' : ','}${canonicalJson(habit)}`;
      if (piece.length >= PIECE_CHARACTERS) {
        hash.update(piece);
        yield piece;
        piece = '';
        await breather();
      }
    }
    piece += ']';
  }
  piece += '}';
  hash.update(piece);
  yield piece;
  yield `,"integrity":${JSON.stringify(integrityOf(data))},"checksum":${JSON.stringify(hash.digest())}}`;
}

function breather(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
