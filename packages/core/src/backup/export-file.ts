/**
 * Building HabitQuest's export file (schema.ts) from a user's data: an empty one, the goals its
 * categories imply, its integrity counts and checksum, and the name it is downloaded under.
 */
import { zonedTime } from '../dates';
import { checksumOf } from './checksum';
import {
  BACKUP_SOURCE,
  BACKUP_VERSION,
  type BackupCategory,
  type BackupData,
  type BackupFile,
  type BackupIntegrity,
} from './schema';

/** Data with nothing in it: no habits, categories, rewards, points or settings. */
export function emptyBackupData(): BackupData {
  return {
    habits: [],
    categories: [],
    goals: {},
    shop: [],
    inventory: [],
    points: 0,
    totalXP: 0,
    settings: {},
    achievements: [],
    skips: [],
    pauses: [],
    vacations: [],
  };
}

/** The goals map (category name → monthly target XP) that the categories imply. */
export function goalsOf(categories: readonly BackupCategory[]): Record<string, number> {
  // fromEntries defines own properties, so a category named "__proto__" stays a plain key.
  return Object.fromEntries(
    categories.map((category) => [category.name, category.monthlyTargetXp]),
  );
}

/** The counts stored in a file's `integrity` block. */
export function integrityOf(data: BackupData): Required<BackupIntegrity> {
  return {
    habits: data.habits.length,
    completions: data.habits.reduce((sum, habit) => sum + habit.completions.length, 0),
    categories: data.categories.length,
    rewards: data.shop.length,
    inventory: data.inventory.length,
    achievements: data.achievements.length,
    skips: data.skips.length,
    pauses: data.pauses.length,
    vacations: data.vacations.length,
  };
}

/** The export file for `data`, with its integrity counts and checksum filled in. */
export function buildExportFile(options: { data: BackupData; exportedAt: Date }): BackupFile {
  return {
    version: BACKUP_VERSION,
    exportedAt: options.exportedAt.toISOString(),
    source: BACKUP_SOURCE,
    data: options.data,
    integrity: integrityOf(options.data),
    checksum: checksumOf(options.data),
  };
}

/** 'habitquest-backup-2024-03-09-1405.json': the export instant in the user's local time. */
export function exportFileName(instant: Date, timeZone: string): string {
  const { date, hour, minute } = zonedTime(instant, timeZone);
  const time = `${String(hour).padStart(2, '0')}${String(minute).padStart(2, '0')}`;
  return `habitquest-backup-${date}-${time}.json`;
}
