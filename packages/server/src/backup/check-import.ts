/**
 * Everything an import checks before it touches the database: the body's JSON, the request, the
 * nesting depth, core's validation (schema, integrity, checksum) and what PostgreSQL could not
 * store. For the largest files that is seconds of CPU, so it runs in a worker thread: the request
 * thread keeps answering everyone else meanwhile. The worker hands the file back in pieces of
 * JSON text (packChecked), which this thread reads back piece by piece with breathers in
 * between: taking 150,000 completions over in one message kept it busy for a second.
 */
import { Worker } from 'node:worker_threads';
import { zImportRequest, type ImportMode } from '@habitquest/contracts/backup';
import { validationIssues, type ErrorDetails } from '@habitquest/contracts/errors';
import type { BackupCompletion, BackupData, BackupHabit } from '@habitquest/core/backup/schema';
import { validateBackup } from '@habitquest/core/backup/validate';
import { BACKUP_MESSAGES, nestingProblem, storageProblems } from './prepare-import';

export type CheckedImport =
  | { ok: true; mode: ImportMode; data: BackupData; warnings: string[] }
  | { ok: false; message: string; details: ErrorDetails };

/** The checks, on this thread. */
export function checkImport(body: string): CheckedImport {
  let request: unknown;
  try {
    request = JSON.parse(body);
  } catch {
    return { ok: false, message: 'The request body must be JSON.', details: { issues: [] } };
  }
  const parsed = zImportRequest.safeParse(request);
  if (!parsed.success) {
    const issues = validationIssues(parsed.error);
    return {
      ok: false,
      message: issues[0]?.message ?? 'The request is not valid',
      details: { issues },
    };
  }
  const file = parsed.data.data;
  // Before anything recursive (validation, the checksum) walks the file.
  const nesting = nestingProblem(file);
  if (nesting !== null) return invalidFile([nesting]);
  const validation = validateBackup(file);
  if (!validation.ok) return invalidFile(validation.errors);
  const problems = storageProblems(validation.file.data);
  if (problems.length > 0) return invalidFile(problems);
  return {
    ok: true,
    mode: parsed.data.mode,
    data: validation.file.data,
    warnings: validation.warnings,
  };
}

/** Completions per piece of text the worker sends back. */
const PIECE_COMPLETIONS = 2000;

/** A checked import as the worker sends it: the habits' completions as pieces of JSON text. */
export type PackedImport =
  | Exclude<CheckedImport, { ok: true }>
  | {
      ok: true;
      mode: ImportMode;
      warnings: string[];
      /** The data without its habits. */
      data: Omit<BackupData, 'habits'>;
      /** Each habit without its completions, and those as JSON arrays of PIECE_COMPLETIONS. */
      habits: { habit: Omit<BackupHabit, 'completions'>; completions: string[] }[];
    };

/** In the worker: the result in pieces that the request thread can take over a few at a time. */
export function packChecked(checked: CheckedImport): PackedImport {
  if (!checked.ok) return checked;
  const { habits, ...data } = checked.data;
  return {
    ok: true,
    mode: checked.mode,
    warnings: checked.warnings,
    data,
    habits: habits.map(({ completions, ...habit }) => {
      const pieces: string[] = [];
      for (let start = 0; start < completions.length; start += PIECE_COMPLETIONS)
        pieces.push(JSON.stringify(completions.slice(start, start + PIECE_COMPLETIONS)));
      return { habit, completions: pieces };
    }),
  };
}

/** On the request thread: the checked import again, a piece at a time with breathers between. */
export async function unpackChecked(packed: PackedImport): Promise<CheckedImport> {
  if (!packed.ok) return packed;
  const habits: BackupHabit[] = [];
  for (const { habit, completions: pieces } of packed.habits) {
    const completions: BackupCompletion[] = [];
    for (const piece of pieces) {
      for (const completion of JSON.parse(piece) as BackupCompletion[])
        completions.push(completion);
      await breather();
    }
    habits.push({ ...habit, completions });
  }
  return {
    ok: true,
    mode: packed.mode,
    warnings: packed.warnings,
    data: { ...packed.data, habits },
  };
}

function invalidFile(errors: string[]): CheckedImport {
  return { ok: false, message: BACKUP_MESSAGES.invalidFile, details: { errors } };
}

/**
 * The sources are TypeScript run through tsx, which a new thread does not inherit: the worker
 * registers tsx's loader first, then loads check-import-worker.ts.
 */
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
import(workerData.loader).then((tsx) => { tsx.register(); return import(workerData.entry); });
`;

/**
 * Files checked at once in this process; others wait their turn. Each check keeps a core busy, and
 * requests need the rest.
 */
export const CHECKS_AT_ONCE = 2;
let checking = 0;
const waitingChecks: (() => void)[] = [];

/** Runs `work` once fewer than CHECKS_AT_ONCE are running; a finished one hands its turn on. */
export async function inCheckTurn<T>(work: () => Promise<T>): Promise<T> {
  if (checking < CHECKS_AT_ONCE) checking += 1;
  else await new Promise<void>((resolve) => waitingChecks.push(resolve));
  try {
    return await work();
  } finally {
    const next = waitingChecks.shift();
    if (next) next();
    else checking -= 1;
  }
}

/**
 * checkImport in a worker thread, in turn (CHECKS_AT_ONCE). Should the worker not start (no tsx
 * loader where the sources run), the checks run here instead: slower for everyone else, but the
 * import still works.
 */
export async function checkImportOffThread(body: string): Promise<CheckedImport> {
  return inCheckTurn(() => checkInWorker(body));
}

async function checkInWorker(body: string): Promise<CheckedImport> {
  let worker: Worker;
  try {
    worker = new Worker(BOOTSTRAP, {
      eval: true,
      workerData: {
        loader: tsxLoader(),
        entry: new URL('./check-import-worker.ts', import.meta.url).href,
      },
    });
  } catch {
    return checkImport(body);
  }
  try {
    const result = await new Promise<PackedImport | CheckedImport>((resolve, reject) => {
      let isSettled = false;
      // The check again on this thread when the worker failed: run inside an event listener, a
      // throw of its own must become this request's error, never an uncaught one that ends the
      // process for every user.
      const settle = (result: () => PackedImport | CheckedImport) => {
        if (isSettled) return;
        isSettled = true;
        try {
          resolve(result());
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      };
      worker.once('message', (result: PackedImport) => {
        settle(() => result);
      });
      worker.once('error', () => {
        settle(() => checkImport(body));
      });
      worker.once('exit', () => {
        settle(() => checkImport(body));
      });
      worker.postMessage(body);
    });
    return isPacked(result) ? await unpackChecked(result) : result;
  } finally {
    void worker.terminate();
  }
}

function isPacked(result: PackedImport | CheckedImport): result is PackedImport {
  return result.ok && !('habits' in result.data);
}

function breather(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function tsxLoader(): string {
  try {
    return import.meta.resolve('tsx/esm/api');
  } catch {
    return 'tsx/esm/api';
  }
}
