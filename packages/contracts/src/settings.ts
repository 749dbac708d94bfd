/**
 * A user's settings (docs/decisions.md): stored on the server, mirrored locally, the same on every device.
 * The patch is strict so that a client can never slip points, isPro or a user id into it.
 */
import { DEFAULT_REMINDER_CONFIG } from '@habitquest/core/reminders/plan';
import { z } from 'zod';
import { hasAnyField, NOTHING_TO_UPDATE, zIntBetween, zTimeZone, zWeekStart } from './common';

export const THEMES = ['light', 'dark', 'system'] as const;
export const ACCENTS = [
  'blue',
  'emerald',
  'purple',
  'amber',
  'rose',
  'cyan',
  'black',
  'white',
] as const;

export const zTheme = z.enum(THEMES);
export const zAccent = z.enum(ACCENTS);
export type Theme = z.infer<typeof zTheme>;
export type Accent = z.infer<typeof zAccent>;

const zHour = zIntBetween(0, 23);
const zVolume = z.number().min(0).max(1);
const RANGE_ORDER = 'The reminder window must start before it ends';

/** Protection hours as a set: duplicates dropped and sorted, so equal choices compare equal. */
const zProtectionHours = z
  .array(zHour)
  .max(24)
  .transform((hours) => [...new Set(hours)].sort((a, b) => a - b));

const audioShape = {
  soundEffects: z.boolean(),
  /** The settings slider moves in steps of 0.05 (spec). */
  effectsVolume: zVolume.multipleOf(0.05),
  music: z.boolean(),
  musicVolume: zVolume,
};

const remindersShape = {
  enabled: z.boolean(),
  streakReminders: z.boolean(),
  randomReminders: z.boolean(),
  reminderTimeRange: z
    .strictObject({ start: zHour, end: zHour })
    .refine((range) => range.start < range.end, { error: RANGE_ORDER, path: ['end'] }),
  maxRemindersPerDay: zIntBetween(1, 10),
  streakProtectionHours: zProtectionHours,
  soundEnabled: z.boolean(),
  persistentReminders: z.boolean(),
  eveningReminder: z.boolean(),
  startupReminder: z.boolean(),
  /** Days of streak after which a risk warning is worth sending. */
  streakWarningThreshold: zIntBetween(1, 30),
  intelligentTiming: z.boolean(),
  adaptiveFrequency: z.boolean(),
  /** The streak-protection slider: hours without a completion before a streak counts at risk. */
  streakRiskHours: zIntBetween(1, 24),
};

export const zAudioSettings = z.object(audioShape);
export const zReminderSettings = z.object(remindersShape);

export const zSettings = z.object({
  theme: zTheme,
  accent: zAccent,
  audio: zAudioSettings,
  reminders: zReminderSettings,
  weekStart: zWeekStart,
  timeZone: zTimeZone,
  /**
   * Whether a time zone was ever saved for the account (the server sets it on every patch that
   * names one; a client cannot). Until then its UTC is the default nobody chose, which a device
   * may replace with its own zone silently (docs/decisions.md "time zone").
   */
  timeZoneChosen: z.boolean().default(false),
});
export type Settings = z.infer<typeof zSettings>;
export type AudioSettings = z.infer<typeof zAudioSettings>;
export type ReminderSettings = z.infer<typeof zReminderSettings>;

/** A new account's settings: docs/decisions.md's defaults where it names them. */
export const DEFAULT_SETTINGS: Settings = {
  theme: 'system',
  accent: 'blue',
  audio: { soundEffects: true, effectsVolume: 0.25, music: false, musicVolume: 0.5 },
  // One source for the reminder defaults: core's planner uses the same object.
  reminders: {
    ...DEFAULT_REMINDER_CONFIG,
    streakProtectionHours: [...DEFAULT_REMINDER_CONFIG.streakProtectionHours],
  },
  weekStart: 0,
  timeZone: 'UTC',
  timeZoneChosen: false,
};

/** A range in a patch may name one end; the order is checked when both are known. */
const zTimeRangePatch = z
  .strictObject({ start: zHour.optional(), end: zHour.optional() })
  .refine(
    (range) => range.start === undefined || range.end === undefined || range.start < range.end,
    {
      error: RANGE_ORDER,
      path: ['end'],
    },
  );

/**
 * Any subset of the settings, at any depth. Unknown keys are rejected (not stripped): a patch
 * that tries to set points, isPro or userId is a VALIDATION error, never a silent no-op.
 */
export const zSettingsPatch = z
  .strictObject({
    theme: zTheme.optional(),
    accent: zAccent.optional(),
    audio: z.strictObject(audioShape).partial().optional(),
    reminders: z
      .strictObject({ ...remindersShape, reminderTimeRange: zTimeRangePatch })
      .partial()
      .optional(),
    weekStart: zWeekStart.optional(),
    timeZone: zTimeZone.optional(),
  })
  .refine(hasAnyField, NOTHING_TO_UPDATE);
export type SettingsPatch = z.infer<typeof zSettingsPatch>;
