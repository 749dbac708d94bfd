import type { ImportResult } from '@habitquest/contracts/backup';
import { ERROR_MESSAGES } from '@habitquest/contracts/errors';
import { eq } from 'drizzle-orm';
import { hitLimit, type LimitRule } from '../auth/rate-limit';
import type { Database, Tx } from '../db/client';
import { progress } from '../db/schema';
import { sqlState, UNIQUE_VIOLATION } from '../http/db-errors';
import { HttpError, rateLimited } from '../http/errors';
import { importGate, type GateRelease } from '../http/import-gate';
import { lockUser, recordLedger, type Balances } from '../progress/ledger';
import { dataVersion } from './data-version';
import { applyInChunks, RestoreFailedError, type ChunkedWrites } from './apply-in-chunks';
import { checkImportOffThread } from './check-import';
import { breather, prepareImport, type Prepared } from './import-snapshot';
import { BACKUP_MESSAGES, IMPORT_ATTEMPTS_PER_WINDOW, IMPORTS_PER_WINDOW } from './prepare-import';
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
