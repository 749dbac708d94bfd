/**
 * Everything an import checks before it touches the database: the body's JSON, the request, the
 * nesting depth, core's validation (schema, integrity, checksum) and what PostgreSQL could not
 * store. For the largest files that is seconds of CPU, so it runs in a worker thread: the request
 * thread keeps answering everyone else meanwhile.
 */
import { Worker } from 'node:worker_threads';
import { zImportRequest, type ImportMode } from '@habitquest/contracts/backup';
import { validationIssues, type ErrorDetails } from '@habitquest/contracts/errors';
import type { BackupData } from '@habitquest/core/backup/schema';
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
 * checkImport in a worker thread. Should the worker not start (no tsx loader where the sources
 * run), the checks run here instead: slower for everyone else, but the import still works.
 */
export async function checkImportOffThread(body: string): Promise<CheckedImport> {
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
    return await new Promise<CheckedImport>((resolve) => {
      let isSettled = false;
      const settle = (result: () => CheckedImport) => {
        if (isSettled) return;
        isSettled = true;
        resolve(result());
      };
      worker.once('message', (result: CheckedImport) => {
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
  } finally {
    void worker.terminate();
  }
}

function tsxLoader(): string {
  try {
    return import.meta.resolve('tsx/esm/api');
  } catch {
    return 'tsx/esm/api';
  }
}
