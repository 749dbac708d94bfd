/**
 * Pure checks and adjustments between a validated backup and the database: what core's schema
 * accepts but PostgreSQL cannot store, the one fallback category, and the free plan's limits.
 */
import type { BackupCategory, BackupData } from '@habitquest/core/backup/schema';
import { formatPath } from '@habitquest/core/backup/validate';
import { FALLBACK_CATEGORY } from '@habitquest/core/categories';
import { FREE_LIMITS, LIMITED_RESOURCES, type LimitedResource } from '@habitquest/core/plan';
import { NUL_MESSAGE, nulPaths } from '@habitquest/core/nul';

/**
 * Balances are stored as 32-bit integers; a cap well inside that range leaves room for the
 * import's adjustment (new balance minus old) to fit as well.
 */
export const MAX_BALANCE = 1_000_000_000;

/** Every user-facing text of export, import and reset, in one place. */
export const BACKUP_MESSAGES = {
  invalidFile: 'Invalid backup file',
  nul: (path: string) => `${path}: ${NUL_MESSAGE}`,
  dateRange: (path: string) => `${path}: must be a date between the years 1 and 9999`,
  balanceRange: (path: string) => `${path}: must be between -${MAX_BALANCE} and ${MAX_BALANCE}`,
  settingsKept: 'The settings in the file are not valid, so your current settings were kept.',
  tooDeep: (path: string) =>
    `${path}: objects and lists are nested more than ${MAX_NESTING} levels deep, which no backup is`,
  tooManyImportAttempts: (minutes: number) =>
    `Too many import attempts: at most ${IMPORT_ATTEMPTS_PER_WINDOW.max} every ${IMPORT_ATTEMPTS_PER_WINDOW.windowMs / 60_000} minutes, valid files or not. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyImports: (minutes: number) =>
    `Too many imports: at most ${IMPORTS_PER_WINDOW.max} every ${IMPORTS_PER_WINDOW.windowMs / 60_000} minutes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/**
 * How deep objects and lists may nest anywhere in an import file. A real backup nests six levels
 * (file, data, habits, habit, completions, completion); the checksum and the validation walk the
 * file recursively, so a file nested thousands of levels deep would overflow the stack there.
 */
export const MAX_NESTING = 32;

/**
 * Imports per user and window. Each one reads and rewrites the user's whole history, and on the
 * embedded database every other user waits while it writes.
 */
export const IMPORTS_PER_WINDOW = { windowMs: 10 * 60_000, max: 5 } as const;

/**
 * Import attempts per user and window, files that fail their checks included: checking a file of
 * 20 MB keeps a worker thread busy for about a second, so a loop of broken files must not run
 * without end. Enough for a user correcting a file by hand.
 */
export const IMPORT_ATTEMPTS_PER_WINDOW = { windowMs: 10 * 60_000, max: 30 } as const;

// PostgreSQL has no year 0 and no five-digit years, though ISO 8601 text can name both.
const EARLIEST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

type Path = readonly (string | number)[];

/**
 * What the database would refuse in data the backup schema accepts: the NUL character (not
 * allowed in PostgreSQL text), dates outside years 1–9999, balances past MAX_BALANCE. Found here,
 * they answer 400 instead of failing half-way through the import.
 */
export function storageProblems(data: BackupData): string[] {
  const problems: string[] = [];
  for (const { path, isKey } of nulPaths(data)) {
    // A key holding one is named by the object it is in.
    problems.push(BACKUP_MESSAGES.nul(formatPath(isKey ? path.slice(0, -1) : path)));
  }
  data.habits.forEach((habit, index) => {
    const at: Path = ['habits', index];
    checkInstant(habit.createdAt, [...at, 'createdAt'], problems);
    if (habit.specificDate !== null) {
      checkDate(habit.specificDate, [...at, 'specificDate'], problems);
    }
    habit.completions.forEach((completion, position) => {
      const path: Path = [...at, 'completions', position];
      checkDate(completion.completionDate, [...path, 'completionDate'], problems);
      checkInstant(completion.completedAt, [...path, 'completedAt'], problems);
    });
  });
  data.inventory.forEach((item, index) => {
    checkInstant(item.redeemedAt, ['inventory', index, 'redeemedAt'], problems);
  });
  problems.push(...balanceProblems({ points: data.points, xp: data.totalXP }));
  return problems;
}

/**
 * The first place where objects and lists nest deeper than MAX_NESTING (the file itself is level
 * 1), as a message, or null. Walks with its own stack, so any depth is safe to check.
 */
export function nestingProblem(file: unknown): string | null {
  const stack: NestingEntry[] = [{ value: file, depth: 1, parent: null, key: '' }];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const { value, depth } = entry;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_NESTING) {
      const path = pathOf(entry);
      // The first few steps say where; the thousands after them would bury the message.
      const shown = formatPath(path.slice(0, 6)) + (path.length > 6 ? '…' : '');
      return BACKUP_MESSAGES.tooDeep(shown);
    }
    const children: [string | number, unknown][] = Array.isArray(value)
      ? value.map((item: unknown, index) => [index, item])
      : Object.entries(value);
    for (const [key, item] of children) {
      if (typeof item === 'object' && item !== null)
        stack.push({ value: item, depth: depth + 1, parent: entry, key });
    }
  }
  return null;
}

type NestingEntry = {
  value: unknown;
  depth: number;
  parent: NestingEntry | null;
  key: string | number;
};

function pathOf(entry: NestingEntry): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at = entry; at.parent !== null; at = at.parent) path.unshift(at.key);
  return path;
}

/** Balances the ledger cannot hold, named as the file names them. */
export function balanceProblems(balances: { points: number; xp: number }): string[] {
  const problems: string[] = [];
  if (Math.abs(balances.points) > MAX_BALANCE)
    problems.push(BACKUP_MESSAGES.balanceRange('points'));
  if (Math.abs(balances.xp) > MAX_BALANCE) problems.push(BACKUP_MESSAGES.balanceRange('totalXP'));
  return problems;
}

function checkInstant(instant: string, path: Path, problems: string[]): void {
  const time = Date.parse(instant);
  if (!(time >= EARLIEST_INSTANT && time <= LATEST_INSTANT)) {
    problems.push(BACKUP_MESSAGES.dateRange(formatPath(path)));
  }
}

function checkDate(date: string, path: Path, problems: string[]): void {
  if (date.startsWith('0000')) problems.push(BACKUP_MESSAGES.dateRange(formatPath(path)));
}

/**
 * The categories with exactly one fallback: the first one marked so; else the one bearing the
 * fallback's name; else the standard fallback is added. Deleting a category needs it (docs/product.md).
 */
export function withOneFallback(categories: readonly BackupCategory[]): BackupCategory[] {
  const marked = categories.findIndex((category) => category.isFallback);
  const chosen =
    marked >= 0
      ? marked
      : categories.findIndex((category) => category.name === FALLBACK_CATEGORY.name);
  const list = categories.map((category, index) => ({ ...category, isFallback: index === chosen }));
  return chosen >= 0 ? list : [...list, { ...FALLBACK_CATEGORY, isFallback: true }];
}

export type PlanCounts = Record<LimitedResource, number>;

/** The counts the free plan limits, as enforceLimit counts them (the fallback is not one). */
export function planCountsOf(data: BackupData): PlanCounts {
  return {
    habits: data.habits.length,
    categories: data.categories.filter((category) => !category.isFallback).length,
    rewards: data.shop.length,
  };
}

/**
 * The first resource whose free limit an import would pass, or null. A count that does not grow
 * is never refused, so a user already past a limit (Pro before) can still merge or restore.
 */
export function passedLimit(before: PlanCounts, after: PlanCounts): LimitedResource | null {
  const passed = LIMITED_RESOURCES.find(
    (resource) => after[resource] > FREE_LIMITS[resource] && after[resource] > before[resource],
  );
  return passed ?? null;
}

/** '#abc' → '#aabbcc': the wire's colours are six digits, the file also allows three. */
export function fullColor(color: string): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color);
  if (!short) return color;
  return `#${short
    .slice(1)
    .map((digit) => digit.repeat(2))
    .join('')}`;
}

/** Blank optional text is stored as null, as the create forms store it (docs/product.md). */
export function blankToNull(value: string | null): string | null {
  return value === null || value.trim() === '' ? null : value;
}
