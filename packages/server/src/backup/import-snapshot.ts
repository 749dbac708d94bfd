/**
 * What an import will write, worked out from a snapshot of the user's data before any write
 * (import-data.ts writes it): the file keyed for the week start it lands in, merged or replacing,
 * held to the free plan's limits, the balances after it, and every row (plan-import.ts).
 */
import type { ImportMode, ImportSummary } from '@habitquest/contracts/backup';
import { zSettings, type Settings } from '@habitquest/contracts/settings';
import { mergeData, replaceData } from '@habitquest/core/backup/merge';
import type { BackupCompletion, BackupData, BackupHabit } from '@habitquest/core/backup/schema';
import { FREE_LIMITS, limitMessage } from '@habitquest/core/plan';
import { regroupBackupHabits } from '@habitquest/core/regroup';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { progress } from '../db/schema';
import { HttpError } from '../http/errors';
import { loadIsPro } from '../plan/load-plan';
import type { Balances } from '../progress/ledger';
import { loadSettings } from '../settings/load-settings';
import { dataVersion } from './data-version';
import { loadBackupData } from './load-backup-data';
import { planImport, type ImportPlan } from './plan-import';
import {
  BACKUP_MESSAGES,
  balanceProblems,
  passedLimit,
  planCountsOf,
  withOneFallback,
} from './prepare-import';
import { loadOwnRows, withOwnHabitIds } from './row-ids';

export type Prepared = {
  /** The data version the plan was made from. */
  version: string;
  plan: ImportPlan;
  /** The balances after the import. */
  target: Balances;
  summary: ImportSummary;
  warnings: string[];
};

/**
 * Everything but the writes, outside any transaction: the snapshot (its version read first, so
 * any change during the reads shows up later), the ids, merge or replace, the plan's limits, the
 * balances and every row.
 */
export async function prepareImport(options: {
  db: Database | Tx;
  userId: string;
  mode: ImportMode;
  incoming: BackupData;
}): Promise<Prepared> {
  const { db, userId, mode } = options;
  const version = await dataVersion(db, userId);
  const current = await loadBackupData(db, userId);
  const own = await loadOwnRows(db, userId);
  const balances = await loadBalances(db, userId);
  const ownSettings = await loadSettings(db, userId);
  const fromFile = await withOwnHabitIds(db, userId, options.incoming);
  // The week start the data is keyed for: a merge keeps the user's, so the file's weeks join the
  // same periods and no week can be completed (and paid) twice; a replace brings the file's
  // settings, week start included. Keyed once: keying for one week start and then another would
  // merge completions of neighbouring weeks that the second could not split again.
  const keyedFor =
    mode === 'replace'
      ? settingsOf(fromFile.settings, ownSettings).value.weekStart
      : ownSettings.weekStart;
  const incoming = {
    ...fromFile,
    habits: await regroupInTurns(fromFile.habits, keyedFor),
  };
  await breather();
  const result =
    mode === 'merge'
      ? mergeData(current, incoming, ownSettings.weekStart)
      : replaceData(current, incoming);
  const merged: BackupData = {
    ...result.data,
    categories: withOneFallback(result.data.categories),
  };
  await refusePastLimits(db, userId, current, merged);
  // Replace sets the file's balances; merge adds what the new completions and items brought.
  const target =
    mode === 'merge'
      ? { points: balances.points + result.summary.points, xp: balances.xp + result.summary.xp }
      : { points: incoming.points, xp: incoming.totalXP };
  const overflow = balanceProblems(target);
  if (overflow.length > 0) throw invalidFile(overflow);
  const settings = settingsOf(merged.settings, ownSettings);
  const data: BackupData =
    settings.value.weekStart === keyedFor
      ? merged
      : { ...merged, habits: await regroupInTurns(merged.habits, settings.value.weekStart) };
  const existing =
    mode === 'merge'
      ? new Map<string, readonly BackupCompletion[]>(
          current.habits.map((habit) => [habit.id, habit.completions]),
        )
      : undefined;
  const plan = await planImport({
    db,
    userId,
    data,
    settings: settings.value,
    own,
    ...(existing ? { existing } : {}),
  });
  return { version, plan, target, summary: result.summary, warnings: settings.warnings };
}

/**
 * The import's transaction: lock, check that the snapshot still holds (else false, and the caller
 * prepares again), write, balance. The progress row is stamped even when the balances stay, so a
 * concurrent import's check sees this one.
 */
async function loadBalances(db: Database | Tx, userId: string): Promise<Balances> {
  const [row] = await db
    .select({ xp: progress.xp, points: progress.points })
    .from(progress)
    .where(eq(progress.userId, userId));
  return row ?? { xp: 0, points: 0 };
}

function invalidFile(errors: string[]): HttpError {
  return new HttpError('VALIDATION', BACKUP_MESSAGES.invalidFile, { errors });
}

/** A free user may not import past a plan limit; the whole import is refused (docs/product.md). */
async function refusePastLimits(
  db: Database | Tx,
  userId: string,
  current: BackupData,
  next: BackupData,
): Promise<void> {
  const resource = passedLimit(planCountsOf(current), planCountsOf(next));
  if (resource === null || (await loadIsPro(db, userId))) return;
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

/**
 * regroupBackupHabits habit by habit, letting other requests run between them: for the largest
 * files it is seconds of work.
 */
async function regroupInTurns(
  habits: readonly BackupHabit[],
  weekStart: Settings['weekStart'],
): Promise<BackupHabit[]> {
  const result: BackupHabit[] = [];
  for (const habit of habits) {
    result.push(...regroupBackupHabits([habit], weekStart));
    await breather();
  }
  return result;
}

/** Lets other requests run between the long steps of an import (they share this thread). */
export function breather(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
