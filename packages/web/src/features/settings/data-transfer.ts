/**
 * Export, import and reset in the browser (docs/product.md "Import flow", §8 Import/Export). The server
 * does the work (GET /api/export, POST /api/import, POST /api/reset); here the file is fetched
 * and saved, or read, checked with the same rules the server applies, and sent with progress.
 */
import type { ImportMode, ImportResult } from '@habitquest/contracts/backup';
import { routes } from '@habitquest/contracts/routes';
import { ApiError, toApiError } from '../../lib/api';
import { randomId } from '../../lib/random-id';

/** 'habitquest-backup-2026-11-23-1930.json': the product, then the local date and time. */
export function backupFileName(instant: Date): string {
  const pad = (value: number): string => String(value).padStart(2, '0');
  const date = `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
  return `habitquest-backup-${date}-${pad(instant.getHours())}${pad(instant.getMinutes())}.json`;
}

/** The file name a Content-Disposition header gives, if any. */
export function fileNameFrom(disposition: string | null): string | null {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ?? null;
}

/** Downloads the user's backup and saves it; resolves with the file name used. */
export async function downloadBackup(now: () => Date = () => new Date()): Promise<string> {
  const response = await fetch(routes.exportData.path, { credentials: 'same-origin' });
  if (!response.ok) {
    const text = await response.text();
    throw toApiError(response.status, text ? safeJson(text) : null);
  }
  const blob = await response.blob();
  const name = fileNameFrom(response.headers.get('content-disposition')) ?? backupFileName(now());
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the address is revoked.
    setTimeout(() => {
      URL.revokeObjectURL(url);
    }, 1000);
  }
  return name;
}

export type CheckedBackup =
  { ok: true; text: string; warnings: string[] } | { ok: false; errors: string[] };

/**
 * Checks a backup's text with core's validation, the same the server runs. It is loaded on first
 * use, so zod and the backup schema stay out of the first download.
 */
export async function checkBackup(text: string): Promise<CheckedBackup> {
  const { validateBackupText } = await import('@habitquest/core/backup/validate');
  const result = validateBackupText(text);
  return result.ok ? { ok: true, text, warnings: result.warnings } : result;
}

export type ImportStage =
  /** percent: how much of the file is read, null until the browser says. */
  | { kind: 'reading'; percent: number | null }
  | { kind: 'validating' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'applying' };

/**
 * POST /api/import with upload progress (XMLHttpRequest: fetch cannot report it). The file's
 * text is spliced into the body as it is, so a large backup is never parsed and re-serialised.
 */
export function sendImport(options: {
  mode: ImportMode;
  text: string;
  onProgress?: (stage: ImportStage) => void;
}): Promise<ImportResult> {
  const body = `{"mode":${JSON.stringify(options.mode)},"data":${options.text.replace(/^\uFEFF/, '')}}`;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(routes.importData.method.toUpperCase(), routes.importData.path);
    request.withCredentials = true;
    request.setRequestHeader('content-type', 'application/json');
    request.setRequestHeader('idempotency-key', randomId());
    request.upload.addEventListener('progress', (event) => {
      if (!event.lengthComputable || event.total === 0) return;
      const percent = Math.round((event.loaded / event.total) * 100);
      options.onProgress?.(percent >= 100 ? { kind: 'applying' } : { kind: 'uploading', percent });
    });
    request.upload.addEventListener('load', () => {
      options.onProgress?.({ kind: 'applying' });
    });
    request.addEventListener('load', () => {
      const parsed = request.responseText ? safeJson(request.responseText) : null;
      if (request.status < 200 || request.status >= 300) reject(toApiError(request.status, parsed));
      // A 2xx that is not the server's answer (a proxy's page, say): not an error it explained.
      else if (isImportResult(parsed)) resolve(parsed);
      else reject(new Error(`Unexpected answer to the import (HTTP ${request.status})`));
    });
    const networkError = (): void => {
      reject(
        new ApiError(
          0,
          'NETWORK',
          'Could not reach HabitQuest. Check your connection and try again.',
        ),
      );
    };
    request.addEventListener('error', networkError);
    request.addEventListener('abort', networkError);
    options.onProgress?.({ kind: 'uploading', percent: 0 });
    request.send(body);
  });
}

function isImportResult(value: unknown): value is ImportResult {
  return (
    typeof value === 'object' &&
    value !== null &&
    'summary' in value &&
    typeof value.summary === 'object' &&
    value.summary !== null
  );
}

/**
 * The problems a refused import lists: the server answers an invalid file with VALIDATION and
 * {errors: string[]} (server/src/backup/check-import.ts), the same list the browser's own check
 * gives. Null for any other failure.
 */
export function invalidFileErrors(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION') return null;
  const errors = error.details.errors;
  if (!Array.isArray(errors) || errors.length === 0) return null;
  return errors.every((item): item is string => typeof item === 'string') ? errors : null;
}

/** A backup is a .json file (docs/product.md §5), whatever type the browser guesses for it. */
export function isJsonFileName(name: string): boolean {
  return name.toLowerCase().endsWith('.json');
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
