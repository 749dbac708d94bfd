import type { ImportMode, ImportResult, ImportSummary } from '@habitquest/contracts/backup';
import { ERROR_MESSAGES } from '@habitquest/contracts/errors';
import { zSettings, type Settings } from '@habitquest/contracts/settings';
import { mergeData, replaceData } from '@habitquest/core/backup-merge';
import type { BackupData } from '@habitquest/core/backup-schema';
import { validateBackup } from '@habitquest/core/backup-validate';
import { FREE_LIMITS, limitMessage } from '@habitquest/core/plan';
import type { Database, Tx } from '../db/client';
import { sqlState, UNIQUE_VIOLATION } from '../http/db-errors';
import { HttpError } from '../http/errors';
import { loadIsPro } from '../plan/load-plan';
import { lockUser, recordLedger } from '../progress/ledger';
import { loadSettings } from '../settings/load-settings';
import { loadBackupData } from './load-backup-data';
import {
  BACKUP_MESSAGES,
  balanceProblems,
  passedLimit,
  planCountsOf,
  storageProblems,
  withOneFallback,
} from './prepare-import';
import { withOwnHabitIds } from './row-ids';
import { writeBackupData } from './write-backup-data';

/**
 * POST /api/import: validates the file, then in ONE transaction replaces or merges the user's
 * data, so a refused or failed import changes nothing (DESIGN §4). Points and XP move by a single
 * 'import' ledger entry, keeping the ledger's sums equal to the cached balances.
 */
export async function importData(options: {
  db: Database;
  userId: string;
  mode: ImportMode;
  file: unknown;
}): Promise<ImportResult> {
  const { db, userId, mode } = options;
  const validation = validateBackup(options.file);
  if (!validation.ok) throw invalidFile(validation.errors);
  const incoming = validation.file.data;
  const problems = storageProblems(incoming);
  if (problems.length > 0) throw invalidFile(problems);

  try {
    return await db.transaction(async (tx) => {
      const applied = await applyImport({ tx, userId, mode, incoming });
      return { summary: applied.summary, warnings: [...validation.warnings, ...applied.warnings] };
    });
  } catch (error) {
    // Another user's row took a kept id between the check and the insert: nothing was applied.
    if (sqlState(error) === UNIQUE_VIOLATION) {
      throw new HttpError('CONFLICT', ERROR_MESSAGES.conflict);
    }
    throw error;
  }
}

/** The import's transaction, after lockUser: merge or replace, check, write, balance. */
async function applyImport(options: {
  tx: Tx;
  userId: string;
  mode: ImportMode;
  incoming: BackupData;
}): Promise<{ summary: ImportSummary; warnings: string[] }> {
  const { tx, userId, mode } = options;
  const balances = await lockUser(tx, userId);
  const incoming = await withOwnHabitIds(tx, userId, options.incoming);
  const current = await loadBackupData(tx, userId);
  const result = mode === 'merge' ? mergeData(current, incoming) : replaceData(current, incoming);
  const data: BackupData = { ...result.data, categories: withOneFallback(result.data.categories) };
  await refusePastLimits(tx, userId, current, data);
  // Replace sets the file's balances; merge adds what the new completions and items brought.
  const target =
    mode === 'merge'
      ? { points: balances.points + result.summary.points, xp: balances.xp + result.summary.xp }
      : { points: incoming.points, xp: incoming.totalXP };
  const overflow = balanceProblems(target);
  if (overflow.length > 0) throw invalidFile(overflow);

  const settings = settingsOf(data.settings, await loadSettings(tx, userId));
  await writeBackupData({ tx, userId, data, settings: settings.value });
  const xpDelta = target.xp - balances.xp;
  const pointsDelta = target.points - balances.points;
  if (xpDelta !== 0 || pointsDelta !== 0) {
    await recordLedger(tx, { userId, kind: 'import', xpDelta, pointsDelta });
  }
  return { summary: result.summary, warnings: settings.warnings };
}

function invalidFile(errors: string[]): HttpError {
  return new HttpError('VALIDATION', BACKUP_MESSAGES.invalidFile, { errors });
}

/** A free user may not import past a plan limit; the whole import is refused (spec §5, §9). */
async function refusePastLimits(
  tx: Tx,
  userId: string,
  current: BackupData,
  next: BackupData,
): Promise<void> {
  const resource = passedLimit(planCountsOf(current), planCountsOf(next));
  if (resource === null || (await loadIsPro(tx, userId))) return;
  throw new HttpError('LIMIT_REACHED', limitMessage(resource), {
    resource,
    limit: FREE_LIMITS[resource],
  });
}

/**
 * The settings to store. The file's document is free-form, and a broken one would make every
 * device fall back to the defaults, so an invalid document keeps the user's own settings.
 */
function settingsOf(
  fromFile: Record<string, unknown>,
  own: Settings,
): { value: Settings; warnings: string[] } {
  const parsed = zSettings.safeParse(fromFile);
  return parsed.success
    ? { value: parsed.data, warnings: [] }
    : { value: own, warnings: [BACKUP_MESSAGES.settingsKept] };
}
