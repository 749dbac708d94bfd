/**
 * HabitQuest's export file, version 4.0.0 (docs/product.md "Export file", docs/decisions.md): its
 * zod schema. Building a file from the user's data is export-file.ts; its checksum, checksum.ts.
 */
import { tidyName } from '../names';
import { z } from 'zod';
import { DATE_RANGE_MESSAGE, daysBetween, isSupportedDate, isSupportedInstant } from '../dates';
import {
  MAX_COMPLETION_POINTS,
  MAX_COMPLETION_XP,
  MAX_HABIT_XP,
  MIN_HABIT_XP,
  pointsForXp,
} from '../levels';

/** A completion earns 1 point for every 2 XP: never more points than that. */
export const POINTS_OVER_HALF =
  'must be at most half of xpEarned, rounded down (1 point for every 2 XP)';
import { FREQUENCIES, periodKey, type Frequency, type WeekStart } from '../periods';
import { scheduleIssue } from '../visibility';

export const BACKUP_VERSION = '4.0.0';
export const BACKUP_MAJOR_VERSION = 4;
export const BACKUP_SOURCE = 'HabitQuest';

const WEEK_STARTS: readonly WeekStart[] = [0, 1, 2, 3, 4, 5, 6];

function intBetween(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.int({ error: message }).min(min, message).max(max, message);
}

function text(max: number) {
  return z.string().max(max, `must be at most ${max} characters`);
}

function requiredText(max: number) {
  return text(max).refine((value) => tidyName(value).length > 0, 'must not be blank');
}

const zId = requiredText(200);
const zName = requiredText(200);
const zDescription = text(2000).nullable();
const zIcon = text(100).nullable();
const zRarity = text(50).nullable();
/** Category names are stored uppercase (docs/product.md), so a hand-edited "health" still matches. */
const zCategoryName = z
  .string()
  .overwrite(tidyName)
  .toUpperCase()
  .min(1, 'must not be blank')
  .max(200, 'must be at most 200 characters');
// Dates and instants take the years the API takes: outside them the database or the period
// arithmetic fails, and an import must be refused with a message, not half-applied with a 500.
const zInstant = z.iso
  .datetime({ offset: true, error: 'must be a date and time (ISO 8601)', abort: true })
  .refine(isSupportedInstant, 'must be a date and time in the years 1900 to 2200');
const zLocalDate = z.string().refine(isSupportedDate, DATE_RANGE_MESSAGE);
const zColor = z.string().regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, 'must be a colour like #10b981');

/**
 * Whether `key` is the period key of `date` for `frequency` under some week start. The week start
 * is a user setting that may have changed since, so every one of the seven is accepted.
 */
export function isPeriodKeyOf(key: string, date: string, frequency: Frequency): boolean {
  if (frequency !== 'weekly') return key === periodKey(date, frequency);
  return WEEK_STARTS.some((weekStart) => key === periodKey(date, frequency, weekStart));
}

export const zBackupCompletion = z
  .object({
    completionDate: zLocalDate,
    periodKey: text(10),
    // What completions can really hold: 100 XP a day, over at most a merged year (levels.ts).
    xpEarned: intBetween(0, MAX_COMPLETION_XP),
    pointsEarned: intBetween(0, MAX_COMPLETION_POINTS),
    completedAt: zInstant,
  })
  .superRefine((completion, context) => {
    // Each completion earns half its XP in points, rounded down; a merged one the sum of those.
    if (completion.pointsEarned > pointsForXp(completion.xpEarned)) {
      context.addIssue({
        code: 'custom',
        path: ['pointsEarned'],
        message: POINTS_OVER_HALF,
      });
    }
  });

export const zBackupHabit = z
  .object({
    id: zId,
    name: zName,
    description: zDescription,
    frequency: z.enum(FREQUENCIES, { error: `must be one of ${FREQUENCIES.join(', ')}` }),
    category: zCategoryName.nullable(),
    xpOnComplete: intBetween(MIN_HABIT_XP, MAX_HABIT_XP),
    isRecurring: z.boolean(),
    specificDate: zLocalDate.nullable(),
    color: zColor,
    icon: text(100),
    createdAt: zInstant,
    completions: z.array(zBackupCompletion),
  })
  .superRefine((habit, ctx) => {
    // The API's own rule: a one-time habit has a date, a recurring one none.
    const issue = scheduleIssue(habit);
    if (issue !== null) ctx.addIssue({ code: 'custom', path: ['specificDate'], message: issue });
    // The database keeps one completion per habit and period (docs/decisions.md).
    const seen = new Set<string>();
    habit.completions.forEach((completion, index) => {
      const path = ['completions', index, 'periodKey'];
      // A date that is not a real one has its own issue; its period cannot be worked out.
      if (!isSupportedDate(completion.completionDate)) return;
      if (!isPeriodKeyOf(completion.periodKey, completion.completionDate, habit.frequency)) {
        const message = `is not the ${habit.frequency} period of ${completion.completionDate}`;
        ctx.addIssue({ code: 'custom', path, message });
      } else if (seen.has(completion.periodKey)) {
        ctx.addIssue({ code: 'custom', path, message: 'appears twice for this habit' });
      }
      seen.add(completion.periodKey);
    });
  });

export const zBackupCategory = z.object({
  name: zCategoryName,
  color: zColor,
  monthlyTargetXp: intBetween(0, 10000),
  isFallback: z.boolean(),
});

export const zBackupReward = z.object({
  id: zId,
  name: zName,
  description: zDescription,
  cost: intBetween(1, 10000),
  category: text(200).nullable(),
  icon: zIcon,
  rarity: zRarity,
  keepInShop: z.boolean(),
});

export const zBackupInventoryItem = z.object({
  id: zId.optional(),
  name: zName,
  // A purchase snapshot with a missing cost shows 0 (docs/product.md), so 0 is a valid cost here.
  cost: intBetween(0, 10000),
  redeemedAt: zInstant,
  description: zDescription,
  icon: zIcon,
  rarity: zRarity,
});

/**
 * An achievement unlocked (core/achievements.ts), merged by id on import. Files from before
 * achievements have none; ids a later version may add are kept out when the file is applied.
 */
export const zBackupAchievement = z.object({ id: requiredText(100), unlockedAt: zInstant });

/**
 * Rest days (docs/decisions.md "Rest"). A skip rests the period of its habit's frequency that holds
 * its date; a pause rests its habit from startsOn to endsOn (both included; null: until resumed);
 * a vacation rests every habit from startsOn to endsOn. Files from before rest days have none.
 */
export const zBackupSkip = z.object({ habitId: zId, date: zLocalDate });

/** A vacation spans at most this many days, ends included: the API's bound (contracts/rest.ts). */
export const MAX_BACKUP_VACATION_DAYS = 366;

export const ENDS_BEFORE_START = 'must not be before startsOn';
export const VACATION_TOO_LONG = `must be at most ${MAX_BACKUP_VACATION_DAYS} days after startsOn, both included`;

export const zBackupPause = z
  .object({ habitId: zId, startsOn: zLocalDate, endsOn: zLocalDate.nullable() })
  .superRefine((pause, ctx) => {
    // Dates that are not dates have their own issue already.
    if (!isSupportedDate(pause.startsOn) || pause.endsOn === null) return;
    if (isSupportedDate(pause.endsOn) && pause.endsOn < pause.startsOn) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: ENDS_BEFORE_START });
    }
  });

export const zBackupVacation = z
  .object({ startsOn: zLocalDate, endsOn: zLocalDate })
  .superRefine((vacation, ctx) => {
    if (!isSupportedDate(vacation.startsOn) || !isSupportedDate(vacation.endsOn)) return;
    if (vacation.endsOn < vacation.startsOn) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: ENDS_BEFORE_START });
    } else if (daysBetween(vacation.startsOn, vacation.endsOn) + 1 > MAX_BACKUP_VACATION_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: VACATION_TOO_LONG });
    }
  });

export const zBackupData = z
  .object({
    habits: z.array(zBackupHabit),
    categories: z.array(zBackupCategory),
    goals: z.record(z.string(), intBetween(0, 10000)),
    shop: z.array(zBackupReward),
    inventory: z.array(zBackupInventoryItem),
    // A negative balance is allowed: an undo after spending can leave one (docs/decisions.md).
    points: z.int({ error: 'must be a whole number' }),
    totalXP: z.int({ error: 'must be a whole number' }).min(0, 'must not be negative'),
    settings: z.record(z.string(), z.unknown()),
    achievements: z.array(zBackupAchievement).default([]),
    skips: z.array(zBackupSkip).default([]),
    pauses: z.array(zBackupPause).default([]),
    vacations: z.array(zBackupVacation).default([]),
  })
  .superRefine((data, ctx) => {
    const unlocked = new Set<string>();
    data.achievements.forEach((achievement, index) => {
      if (unlocked.has(achievement.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['achievements', index, 'id'],
          message: 'appears twice',
        });
      }
      unlocked.add(achievement.id);
    });
    const names = new Set<string>();
    let fallbacks = 0;
    data.categories.forEach((category, index) => {
      if (names.has(category.name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['categories', index, 'name'],
          message: 'appears twice',
        });
      }
      names.add(category.name);
      fallbacks += category.isFallback ? 1 : 0;
    });
    if (fallbacks > 1) {
      ctx.addIssue({ code: 'custom', path: ['categories'], message: 'has more than one fallback' });
    }
    const ids = new Set<string>();
    data.habits.forEach((habit, index) => {
      if (ids.has(habit.id)) {
        ctx.addIssue({ code: 'custom', path: ['habits', index, 'id'], message: 'appears twice' });
      }
      ids.add(habit.id);
      if (habit.category !== null && !names.has(habit.category)) {
        const message = `names a category that is not in the file (${habit.category})`;
        ctx.addIssue({ code: 'custom', path: ['habits', index, 'category'], message });
      }
    });
    const unknownHabit = (habitId: string) => `names a habit that is not in the file (${habitId})`;
    // The database keeps one skip per habit and date.
    const skipped = new Set<string>();
    data.skips.forEach((skip, index) => {
      const key = `${skip.habitId}\u0000${skip.date}`;
      if (!ids.has(skip.habitId)) {
        const message = unknownHabit(skip.habitId);
        ctx.addIssue({ code: 'custom', path: ['skips', index, 'habitId'], message });
      } else if (skipped.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['skips', index, 'date'], message: 'appears twice' });
      }
      skipped.add(key);
    });
    data.pauses.forEach((pause, index) => {
      if (!ids.has(pause.habitId)) {
        const message = unknownHabit(pause.habitId);
        ctx.addIssue({ code: 'custom', path: ['pauses', index, 'habitId'], message });
      }
    });
  });

const zCount = z.int().min(0);

export const zBackupIntegrity = z.object({
  habits: zCount,
  completions: zCount,
  categories: zCount,
  rewards: zCount,
  inventory: zCount,
  // Counted since achievements and rest days joined the file; a 4.x file from before lists none
  // of them, and then nothing is compared.
  achievements: zCount.optional(),
  skips: zCount.optional(),
  pauses: zCount.optional(),
  vacations: zCount.optional(),
});

export const zBackupFile = z.object({
  version: z.string(),
  exportedAt: zInstant,
  source: z.literal(BACKUP_SOURCE, { error: `must be "${BACKUP_SOURCE}"` }),
  data: zBackupData,
  integrity: zBackupIntegrity,
  checksum: z.string(),
});

export type BackupCompletion = z.output<typeof zBackupCompletion>;
export type BackupHabit = z.output<typeof zBackupHabit>;
export type BackupCategory = z.output<typeof zBackupCategory>;
export type BackupReward = z.output<typeof zBackupReward>;
export type BackupInventoryItem = z.output<typeof zBackupInventoryItem>;
export type BackupAchievement = z.output<typeof zBackupAchievement>;
export type BackupSkip = z.output<typeof zBackupSkip>;
export type BackupPause = z.output<typeof zBackupPause>;
export type BackupVacation = z.output<typeof zBackupVacation>;
export type BackupData = z.output<typeof zBackupData>;
export type BackupIntegrity = z.output<typeof zBackupIntegrity>;
export type BackupFile = z.output<typeof zBackupFile>;
