/**
 * Checking an import file before anything is applied (docs/product.md "Import flow", §5, §8 Import).
 * The structural checks answer with the spec's exact messages; once they pass, the full schema
 * runs and every other problem names its path. Integrity and checksum mismatches only warn, so a
 * hand-edited backup still imports.
 */
import type { z } from 'zod';
import { checksumOf } from './checksum';
import { BACKUP_MAJOR_VERSION, zBackupFile, type BackupFile, type BackupIntegrity } from './schema';
import { integrityOf } from './export-file';

/** The spec's import error messages (§8), verbatim. */
export const BACKUP_ERRORS = {
  missing: 'Invalid data format',
  unparsable: 'Failed to parse data',
  notAnObject: 'Invalid data format - must be a valid JSON object',
  habitsNotArray: 'Habits data must be an array',
  shopNotArray: 'Shop data must be an array',
  goalsNotObject: 'Goals data must be an object',
  version: (found: string) =>
    `Version incompatibility - exported from v${found}, current is v4.x.x`,
  habitFields: (index: number) => `Habit at index ${index} missing required fields (id, name)`,
  more: (count: number) => `…and ${count} more problems.`,
} as const;

export const BACKUP_WARNINGS = {
  checksum: 'Checksum mismatch: the file was changed after export.',
  integrity: (what: keyof BackupIntegrity, listed: number, found: number) =>
    `Integrity mismatch: the file lists ${listed} ${what} but contains ${found}.`,
} as const;

/** An alert listing hundreds of lines helps nobody; the rest is summed up in one line. */
export const MAX_LISTED_ERRORS = 20;

export type BackupValidation =
  { ok: true; file: BackupFile; warnings: string[] } | { ok: false; errors: string[] };

const INTEGRITY_KEYS = [
  'habits',
  'completions',
  'categories',
  'rewards',
  'inventory',
  'achievements',
  'skips',
  'pauses',
  'vacations',
] as const satisfies readonly (keyof BackupIntegrity)[];

const TYPE_NAMES: Partial<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  record: 'an object',
};

/** Parses the text of a chosen file and validates it. */
export function validateBackupText(text: string): BackupValidation {
  let value: unknown;
  try {
    // Editors on Windows like to save a byte-order mark, which JSON.parse rejects.
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return failure([BACKUP_ERRORS.unparsable]);
  }
  return validateBackup(value);
}

/** Validates a parsed file: the spec's structural checks first, then the full schema. */
export function validateBackup(value: unknown): BackupValidation {
  if (value === null || value === undefined) return failure([BACKUP_ERRORS.missing]);
  if (!isPlainObject(value)) return failure([BACKUP_ERRORS.notAnObject]);
  const structural = [...versionErrors(value.version), ...dataErrors(value.data)];
  if (structural.length > 0) return failure(structural);
  const parsed = zBackupFile.safeParse(value, { error: fallbackMessage });
  if (!parsed.success) return failure(parsed.error.issues.map(issueMessage));
  return { ok: true, file: parsed.data, warnings: warningsFor(parsed.data, value.data) };
}

/** The major version of a version string such as "4.0.0", or null when there is none. */
export function majorVersionOf(version: string): number | null {
  const match = /^(\d+)(?:\.|$)/.exec(version);
  return match ? Number(match[1]) : null;
}

function versionErrors(version: unknown): string[] {
  const found =
    typeof version === 'string' ? version : typeof version === 'number' ? String(version) : null;
  if (found !== null && majorVersionOf(found) === BACKUP_MAJOR_VERSION) return [];
  return [BACKUP_ERRORS.version(found ?? 'unknown')];
}

function dataErrors(data: unknown): string[] {
  const record = isPlainObject(data) ? data : {};
  const errors: string[] = [];
  if (!Array.isArray(record.habits)) errors.push(BACKUP_ERRORS.habitsNotArray);
  if (!Array.isArray(record.shop)) errors.push(BACKUP_ERRORS.shopNotArray);
  if (!isPlainObject(record.goals)) errors.push(BACKUP_ERRORS.goalsNotObject);
  if (Array.isArray(record.habits)) {
    record.habits.forEach((habit: unknown, index) => {
      const isComplete = isPlainObject(habit) && isPresent(habit.id) && isPresent(habit.name);
      if (!isComplete) errors.push(BACKUP_ERRORS.habitFields(index));
    });
  }
  return errors;
}

function warningsFor(file: BackupFile, rawData: unknown): string[] {
  const warnings: string[] = [];
  const found = integrityOf(file.data);
  for (const key of INTEGRITY_KEYS) {
    const listed = file.integrity[key];
    // A count the file does not list (an older export) has nothing to disagree with.
    if (listed === undefined) continue;
    if (listed !== found[key]) warnings.push(BACKUP_WARNINGS.integrity(key, listed, found[key]));
  }
  // The checksum covers the data as written, before the schema trimmed or uppercased anything.
  if (checksumOf(rawData) !== file.checksum.trim().toLowerCase()) {
    warnings.push(BACKUP_WARNINGS.checksum);
  }
  return warnings;
}

/** Wording for the issues whose schema gives no message of its own. */
const fallbackMessage: z.core.$ZodErrorMap = (issue) => {
  if (issue.code !== 'invalid_type') return undefined;
  if (issue.input === undefined) return 'is required';
  return `must be ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
};

function issueMessage(issue: z.core.$ZodIssue): string {
  const path = formatPath(issue.path);
  return path === '' ? issue.message : `${path}: ${issue.message}`;
}

/** ['data', 'habits', 2, 'xpOnComplete'] → 'habits[2].xpOnComplete'. */
export function formatPath(path: readonly PropertyKey[]): string {
  const segments = path[0] === 'data' && path.length > 1 ? path.slice(1) : path;
  return segments.reduce<string>((text, segment) => {
    if (typeof segment === 'number') return `${text}[${segment}]`;
    const key = String(segment);
    if (!/^[A-Za-z_$][\w$]*$/.test(key)) return `${text}[${JSON.stringify(key)}]`;
    return text === '' ? key : `${text}.${key}`;
  }, '');
}

function failure(errors: string[]): BackupValidation {
  if (errors.length <= MAX_LISTED_ERRORS) return { ok: false, errors };
  const rest = errors.length - MAX_LISTED_ERRORS;
  return { ok: false, errors: [...errors.slice(0, MAX_LISTED_ERRORS), BACKUP_ERRORS.more(rest)] };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}
