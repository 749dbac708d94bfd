import type { ImportMode, ImportResult, ImportSummary } from '@habitquest/contracts/backup';
import { ERROR_MESSAGES } from '@habitquest/contracts/errors';
import { zSettings, type Settings } from '@habitquest/contracts/settings';
import { mergeData, replaceData } from '@habitquest/core/backup/merge';
import { regroupBackupHabits } from '@habitquest/core/regroup';
import type { BackupCompletion, BackupData, BackupHabit } from '@habitquest/core/backup/schema';
import { FREE_LIMITS, limitMessage } from '@habitquest/core/plan';
import { eq } from 'drizzle-orm';
import { hitLimit, type LimitRule } from '../auth/rate-limit';
import type { Database, Tx } from '../db/client';
import { progress } from '../db/schema';
import { sqlState, UNIQUE_VIOLATION } from '../http/db-errors';
import { HttpError, rateLimited } from '../http/errors';
import { importGate, type GateRelease } from '../http/import-gate';
import { loadIsPro } from '../plan/load-plan';
import { lockUser, recordLedger, type Balances } from '../progress/ledger';
import { loadSettings } from '../settings/load-settings';
import { dataVersion } from './data-version';
import { loadBackupData } from './load-backup-data';
import {
  BACKUP_MESSAGES,
  IMPORT_ATTEMPTS_PER_WINDOW,
  IMPORTS_PER_WINDOW,
  balanceProblems,
  passedLimit,
  planCountsOf,
  withOneFallback,
} from './prepare-import';
import { applyInChunks, RestoreFailedError, type ChunkedWrites } from './apply-in-chunks';
import { checkImportOffThread } from './check-import';
import { loadOwnRows, withOwnHabitIds } from './row-ids';
import { planImport, type ImportPlan } from './plan-import';
import { writePlan } from './write-backup-data';

/** Snapshots an import is prepared from before it prepares under the user's lock instead. */
const OPTIMISTIC_ATTEMPTS = 2;

/**
 * POST /api/import: checks the body (in a worker thread), works out every row to write from a
 * snapshot of the user's data, then checks that the snapshot still holds and writes, so a
 * refused or failed import changes nothing (docs/decisions.md). Everything slow happens before
 * the writes. Points and XP move by a single 'import' ledger entry, keeping the ledger's sums
 * equal to the cached balances.
 *
 * On PostgreSQL the writes are ONE short transaction, which blocks no other user. On the
 * embedded database (one connection: every other user waits while a transaction is open) they
 * are many short transactions with a journal, while the user's other requests are held off
 * (`chunked`, apply-in-chunks.ts).
 */
export async function importData(options: {
  db: Database;
  userId: string;
  /** The request body as sent: { mode, data } in JSON. */
  body: string;
  /** Epoch milliseconds, for the rate limits. */
  now: number;
  /** IMPORT_ATTEMPTS_PER_WINDOW unless a test gives another. */
  attempts?: LimitRule;
  /** The embedded database's way of writing; without it, one transaction. */
  chunked?: ChunkedWrites | undefined;
  /** Told when a failed import could not be put back (the user stays shut out until a restart). */
  onRestoreFailed?: (error: RestoreFailedError) => void;
}): Promise<ImportResult> {
  const { db, userId } = options;
  // Every attempt counts here, before the file is checked; only files that pass count below.
  const attempts = await hitLimit(
    db,
    `import-attempt:${userId}`,
    options.attempts ?? IMPORT_ATTEMPTS_PER_WINDOW,
    options.now,
  );
  if (!attempts.isAllowed) {
    throw rateLimited(attempts.retryAfterSeconds, BACKUP_MESSAGES.tooManyImportAttempts);
  }
  const checked = await checkImportOffThread(options.body);
  if (!checked.ok) throw new HttpError('VALIDATION', checked.message, checked.details);
  const { mode, data: incoming, warnings: fileWarnings } = checked;
  // Only files that get this far count: a user correcting a broken file is not slowed down.
  const limit = await hitLimit(db, `import:${userId}`, IMPORTS_PER_WINDOW, options.now);
  if (!limit.isAllowed) throw rateLimited(limit.retryAfterSeconds, BACKUP_MESSAGES.tooManyImports);
  const prepare = (from: Database | Tx) => prepareImport({ db: from, userId, mode, incoming });
  const prepared = options.chunked
    ? await importInChunks(db, userId, prepare, options.chunked, options.onRestoreFailed)
    : await importInOneTransaction(db, userId, prepare);
  return { summary: prepared.summary, warnings: [...fileWarnings, ...prepared.warnings] };
}

async function importInOneTransaction(
  db: Database,
  userId: string,
  prepare: (from: Database | Tx) => Promise<Prepared>,
): Promise<Prepared> {
  for (let attempt = 1; attempt <= OPTIMISTIC_ATTEMPTS; attempt += 1) {
    await breather();
    const prepared = await prepare(db);
    await breather();
    if (await applyPrepared(db, userId, prepared)) return prepared;
  }
  // The user's data kept changing (other imports, a reset): prepare under the lock this time,
  // which waits for those and cannot be overtaken.
  return inTransaction(db, async (tx) => {
    const balances = await lockUser(tx, userId);
    const locked = await prepare(tx);
    await writePlan(tx, userId, locked.plan);
    await recordImport(tx, userId, balances, locked.target);
    return locked;
  });
}

/**
 * The embedded database's import: prepared while the user's other requests still run, then
 * written with the gate closed (the user's other requests refused, their running ones ended).
 * If the data changed meanwhile it is prepared again; after two tries it is prepared with the
 * gate closed, where nothing can change it.
 */
async function importInChunks(
  db: Database,
  userId: string,
  prepare: (from: Database | Tx) => Promise<Prepared>,
  writes: ChunkedWrites,
  onRestoreFailed: ((error: RestoreFailedError) => void) | undefined,
): Promise<Prepared> {
  const write = (prepared: Prepared) =>
    applyInChunks({
      db,
      userId,
      version: prepared.version,
      plan: prepared.plan,
      finish: (tx, balances) => recordImport(tx, userId, balances, prepared.target),
      writes,
    });
  for (let attempt = 1; attempt <= OPTIMISTIC_ATTEMPTS; attempt += 1) {
    await breather();
    const prepared = await prepare(db);
    await breather();
    if (await withGateClosed(userId, () => write(prepared), onRestoreFailed)) return prepared;
  }
  return withGateClosed(
    userId,
    async () => {
      const prepared = await prepare(db);
      if (!(await write(prepared))) throw new HttpError('CONFLICT', ERROR_MESSAGES.conflict);
      return prepared;
    },
    onRestoreFailed,
  );
}

/** Runs `work` with the user's gate closed; a failure that could not be put back keeps it so. */
async function withGateClosed<T>(
  userId: string,
  work: () => Promise<T>,
  onRestoreFailed: ((error: RestoreFailedError) => void) | undefined,
): Promise<T> {
  const release: GateRelease = await importGate.close(userId);
  try {
    const result = await work();
    release();
    return result;
  } catch (error) {
    if (error instanceof RestoreFailedError) {
      release({ keepClosed: true });
      onRestoreFailed?.(error);
      throw error;
    }
    release();
    throw asConflict(error);
  }
}

type Prepared = {
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
async function prepareImport(options: {
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
async function applyPrepared(db: Database, userId: string, prepared: Prepared): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const balances = await lockUser(tx, userId);
    if ((await dataVersion(tx, userId)) !== prepared.version) return false;
    await writePlan(tx, userId, prepared.plan);
    await recordImport(tx, userId, balances, prepared.target);
    return true;
  });
}

async function inTransaction<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    throw asConflict(error);
  }
}

/** Another user's row took a kept id between the check and the insert: nothing was applied. */
function asConflict(error: unknown): unknown {
  return sqlState(error) === UNIQUE_VIOLATION
    ? new HttpError('CONFLICT', ERROR_MESSAGES.conflict)
    : error;
}

async function recordImport(tx: Tx, userId: string, balances: Balances, target: Balances) {
  const xpDelta = target.xp - balances.xp;
  const pointsDelta = target.points - balances.points;
  if (xpDelta !== 0 || pointsDelta !== 0) {
    await recordLedger(tx, { userId, kind: 'import', xpDelta, pointsDelta });
  } else {
    await tx.update(progress).set({ updatedAt: new Date() }).where(eq(progress.userId, userId));
  }
}

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
function breather(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
