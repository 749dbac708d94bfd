/**
 * Habits and their completions on the wire (docs/ARCHITECTURE.md).
 */
import { daysBetween } from '@habitquest/core/dates';
import { SCHEDULE_MESSAGES, scheduleIssue } from '@habitquest/core/visibility';
import { z } from 'zod';
import {
  zClientMadeId,
  hasAnyField,
  NOTHING_TO_UPDATE,
  zFrequency,
  zHexColor,
  zId,
  zInstant,
  zIntBetween,
  zLocalDate,
  zName,
  zNullableText,
} from './common';
import { HABIT_XP_MAX, HABIT_XP_MIN } from './bounds';
import { zProgress } from './me';
import { zHabitPause } from './rest';

export { HABIT_XP_MAX, HABIT_XP_MIN };

export const DEFAULT_HABIT_COLOR = '#10b981';
export const DEFAULT_HABIT_ICON = 'target';
export const DEFAULT_HABIT_XP = 10;
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 2000;
/** A completions query spans at most this many days, both ends included: a year view fits. */
export const MAX_COMPLETIONS_SPAN_DAYS = 400;

export const HABIT_MESSAGES = {
  ...SCHEDULE_MESSAGES,
  rangeOrder: 'from must not be after to',
  rangeTooLong: `A completions query spans at most ${MAX_COMPLETIONS_SPAN_DAYS} days`,
} as const;

const zXp = zIntBetween(HABIT_XP_MIN, HABIT_XP_MAX);
/** An icon name or an emoji, never a blob. */
const zIcon = z.string().trim().min(1, 'Icon is required').max(32);

export const zHabit = z.object({
  id: zId,
  title: z.string(),
  description: z.string().nullable(),
  frequency: zFrequency,
  categoryId: zId.nullable(),
  /** The category's name, for display. */
  category: z.string().nullable(),
  xpOnComplete: z.int(),
  isRecurring: z.boolean(),
  specificDate: zLocalDate.nullable(),
  color: zHexColor,
  icon: z.string(),
  streak: z.int().min(0),
  bestStreak: z.int().min(0),
  lastCompletedAt: zInstant.nullable(),
  createdAt: zInstant,
  /**
   * The habit's first day in the user's time zone: the day it was created, or an earlier day a
   * back-filled completion is for. Before it the habit counts in no figure unless done for that
   * day's period (docs/product.md, "A habit's first day").
   */
  countsFrom: zLocalDate,
  /** The habit's pause now or ahead (docs/product.md, "Rest days"); null while it is active. */
  pause: zHabitPause.nullable(),
});
export type Habit = z.infer<typeof zHabit>;

type ScheduleFields = { isRecurring?: boolean; specificDate?: string | null };

/** core's rule (visibility.ts), re-exported for the server's update and the forms. */
export { scheduleIssue };

function checkSchedule(habit: ScheduleFields, ctx: z.RefinementCtx): void {
  const issue = scheduleIssue(habit);
  if (issue !== null) ctx.addIssue({ code: 'custom', message: issue, path: ['specificDate'] });
}

export const zHabitCreate = z
  .strictObject({
    id: zClientMadeId,
    title: zName('Title', TITLE_MAX),
    description: zNullableText(DESCRIPTION_MAX).default(null),
    frequency: zFrequency.default('daily'),
    /** null: no category chosen; the server picks the first category by name (docs/product.md). */
    categoryId: zId.nullable().default(null),
    xpOnComplete: zXp.default(DEFAULT_HABIT_XP),
    isRecurring: z.boolean().default(true),
    specificDate: zLocalDate.nullable().default(null),
    color: zHexColor.default(DEFAULT_HABIT_COLOR),
    icon: zIcon.default(DEFAULT_HABIT_ICON),
  })
  .superRefine(checkSchedule);
export type HabitCreate = z.infer<typeof zHabitCreate>;

export const zHabitUpdate = z
  .strictObject({
    title: zName('Title', TITLE_MAX).optional(),
    description: zNullableText(DESCRIPTION_MAX).optional(),
    frequency: zFrequency.optional(),
    categoryId: zId.nullable().optional(),
    xpOnComplete: zXp.optional(),
    isRecurring: z.boolean().optional(),
    specificDate: zLocalDate.nullable().optional(),
    color: zHexColor.optional(),
    icon: zIcon.optional(),
  })
  .refine(hasAnyField, NOTHING_TO_UPDATE)
  .superRefine(checkSchedule);
export type HabitUpdate = z.infer<typeof zHabitUpdate>;

export const zCompletion = z.object({
  id: zId,
  habitId: zId,
  completionDate: zLocalDate,
  periodKey: z.string(),
  xpEarned: z.int().min(0),
  pointsEarned: z.int().min(0),
  completedAt: zInstant,
});
export type Completion = z.infer<typeof zCompletion>;

/** GET /api/completions/columns: the same completions without ids, column-wise (completion-columns.ts). */
export const zCompletionColumns = z.object({
  from: zLocalDate,
  habits: z.array(
    z.object({
      habitId: zId,
      day: z.array(z.int().min(0)),
      at: z.array(z.int()),
      periodKey: z.array(z.string()),
      xp: z.array(z.int().min(0)),
      points: z.array(z.int().min(0)),
    }),
  ),
});

/** PUT /api/habits/:id/completions/:date: the state wanted, so a replay changes nothing. */
export const zSetCompletion = z.strictObject({ completed: z.boolean() });
export type SetCompletion = z.infer<typeof zSetCompletion>;

/** GET /api/habits?from&to: each habit also carries its completions dated in the window. */
export const zHabitWithCompletions = zHabit.extend({ completions: z.array(zCompletion) });
export type HabitWithCompletions = z.infer<typeof zHabitWithCompletions>;

export const zSetCompletionResult = z.object({
  /** True only when this request created the completion. */
  added: z.boolean(),
  /** The completion now in place for that period, or null when there is none. */
  completion: zCompletion.nullable(),
  progress: zProgress,
});
export type SetCompletionResult = z.infer<typeof zSetCompletionResult>;

/** The answer of PUT /api/habits/:id/skips/:date: the state now, and the habit's new streaks. */
export const zSetSkipResult = z.object({ skipped: z.boolean(), habit: zHabit });
export type SetSkipResult = z.infer<typeof zSetSkipResult>;

/** GET /api/completions?from&to — a bounded range, so one request cannot ask for everything. */
export const zCompletionsQuery = z
  .object({ from: zLocalDate, to: zLocalDate })
  .superRefine(({ from, to }, ctx) => {
    const span = daysBetween(from, to) + 1;
    if (span < 1)
      ctx.addIssue({ code: 'custom', message: HABIT_MESSAGES.rangeOrder, path: ['to'] });
    if (span > MAX_COMPLETIONS_SPAN_DAYS) {
      ctx.addIssue({ code: 'custom', message: HABIT_MESSAGES.rangeTooLong, path: ['to'] });
    }
  });
export type CompletionsQuery = z.infer<typeof zCompletionsQuery>;

/** DELETE /api/habits/:id: its completions went with it, and their XP left the total. */
export const zHabitDeleteResult = z.object({ deleted: zId, progress: zProgress });
export type HabitDeleteResult = z.infer<typeof zHabitDeleteResult>;
