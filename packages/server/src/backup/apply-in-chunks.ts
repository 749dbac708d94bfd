/**
 * How an import is written on the embedded database (PGlite: one connection, every query waits
 * for the open transaction). One transaction for a large import would keep every other user
 * waiting for seconds, so the import is written in many short ones, with the event loop free
 * between them, and made all or nothing by a journal instead (import-journal.ts):
 *
 * 1. one short transaction locks the user and checks that the data the import was prepared from
 *    is still theirs (else the caller prepares again);
 * 2. the journal records the user's rows as they are, on disk, before anything is written;
 * 3. the plan's writes run as steps of at most ROWS_PER_STEP rows, each its own transaction;
 * 4. one short transaction moves points and XP through the ledger (the caller's `finish`);
 * 5. the journal is removed.
 *
 * If anything fails in 3 or 4 the journal's rows are written back the same way and the error is
 * raised; a crash is put back at the next start (recoverImports). The caller keeps the user's
 * other requests out from 1 to 5 (http/import-gate.ts): nobody reads half-imported data.
 */
import type { Database, Tx } from '../db/client';
import { importGate } from '../http/import-gate';
import { lockUser, type Balances } from '../progress/ledger';
import { dataVersion } from './data-version';
import {
  markFinished,
  progressStamp,
  removeJournal,
  writeJournal,
  type Journal,
} from './import-journal';
import type { ImportPlan } from './plan-import';
import { restoreJournal } from './restore-journal';
import { writeSteps } from './write-backup-data';

/**
 * Rows per step. Each step is a transaction during which everyone else waits: 500 completions
 * took about 20 ms on the development machine (docs/performance.md).
 */
export const ROWS_PER_STEP = 500;

/**
 * The longest an import waits, between two steps, for other requests to end. Under a steady
 * stream of requests it still writes a step at least this often.
 */
const MAX_PAUSE_MS = 500;

/** What the embedded database's import needs besides the plan. */
export type ChunkedWrites = {
  /** Where journals are kept: DATA_DIR/imports (importJournalDir). */
  journalDir: string;
  /**
   * Called after each step has committed, with its number (from 1). Tests fail an import
   * here, half-way through, to see it put back.
   */
  afterStep?: (step: number) => void | Promise<void>;
};

/** The journal could not be written back: the user's data is half imported until a restart. */
export class RestoreFailedError extends Error {
  constructor(
    readonly importError: unknown,
    readonly restoreError: unknown,
  ) {
    super('an import failed and its journal could not be written back');
  }
}

/**
 * Writes a prepared import in short transactions (see above). Answers false, having written
 * nothing, when the user's data changed since `version` was read. The caller holds the gate.
 */
export async function applyInChunks(options: {
  db: Database;
  userId: string;
  /** The data version the plan was prepared from. */
  version: string;
  plan: ImportPlan;
  /** The import's last transaction, after lockUser (which gave `balances`): moves the ledger. */
  finish: (tx: Tx, balances: Balances) => Promise<void>;
  writes: ChunkedWrites;
}): Promise<boolean> {
  const { db, userId, plan, writes } = options;
  const stamp = await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if ((await dataVersion(tx, userId)) !== options.version) return null;
    return progressStamp(tx, userId);
  });
  if (stamp === null) return false;
  const journal = await writeJournal({ db, dir: writes.journalDir, userId, plan, stamp, pause });
  try {
    let count = 0;
    for (const step of writeSteps(userId, plan, ROWS_PER_STEP)) {
      for (let more = true; more;) {
        await pause();
        more = await db.transaction(step);
        count += 1;
        await writes.afterStep?.(count);
      }
    }
    await pause();
    await db.transaction(async (tx) => {
      await options.finish(tx, await lockUser(tx, userId));
      await markFinished(tx, userId, stamp);
    });
  } catch (error) {
    await putBack(db, journal, error);
    throw error;
  }
  // The import stands whatever happens here: a journal left behind is seen as finished (its
  // stamp has moved) and removed at the next start.
  await removeJournal(journal).catch(() => undefined);
  return true;
}

async function putBack(db: Database, journal: Journal, importError: unknown): Promise<void> {
  try {
    await restoreJournal(db, journal, pause);
    await removeJournal(journal);
  } catch (restoreError) {
    throw new RestoreFailedError(importError, restoreError);
  }
}

/** Between two steps: everyone else's requests go first. */
function pause(): Promise<void> {
  return importGate.whenIdle(MAX_PAUSE_MS);
}
