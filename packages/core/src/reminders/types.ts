/**
 * The shapes the reminder planner (plan.ts) and its rules (rules.ts) share, apart
 * from both so neither imports the other.
 */
import type { LocalDate } from '../dates';
import type { Frequency } from '../periods';

/** The reminder settings (docs/product.md), the same shape as the synced settings in contracts. */
export type ReminderConfig = {
  enabled: boolean;
  streakReminders: boolean;
  /** The daily reminders: the motivational one and the encouragement. */
  randomReminders: boolean;
  reminderTimeRange: { start: number; end: number };
  maxRemindersPerDay: number;
  streakProtectionHours: readonly number[];
  /** The streak-protection slider (1–24): hours without a completion before a streak is at risk. */
  streakRiskHours: number;
  /** Passed through to the notification; the planner does not read it. */
  soundEnabled: boolean;
  /** Passed through to the notification (require interaction); the planner does not read it. */
  persistentReminders: boolean;
  eveningReminder: boolean;
  startupReminder: boolean;
  /** Streak length (in periods) from which streak protection cares about a habit. */
  streakWarningThreshold: number;
  /** Use the user's habitual completion hours; off means the default 9, 14, 19. */
  intelligentTiming: boolean;
  /** Skip the daily reminders for users with sessions on more than 80 % of the last 7 days. */
  adaptiveFrequency: boolean;
};

export type NotificationPermission = 'granted' | 'denied' | 'default';
export type ReminderKind =
  'streak-protection' | 'evening' | 'startup' | 'intelligent' | 'encouragement';
export type Reminder = { kind: ReminderKind; title: string; body: string; habitIds: string[] };
export type SentReminder = { kind: ReminderKind; at: number };

/** The parts of the local activity record (docs/product.md) the planner reads; times in epoch ms. */
export type ReminderActivity = {
  lastAppOpen: number | null;
  lastInteraction: number | null;
  lastHabitCompletion: number | null;
  sessionStartedAt: number | null;
  dailySessions: Readonly<Partial<Record<LocalDate, number>>>;
  habitCompletionTimes: Readonly<Partial<Record<string, readonly number[]>>>;
  /**
   * The completions counted by local hour (0–23), in place of habitCompletionTimes: the server
   * counts them in the database rather than reading every instant.
   */
  completionsByHour?: ReadonlyMap<number, number>;
};

export type ReminderHabit = {
  id: string;
  title: string;
  frequency: Frequency;
  /** The current streak in periods (streaks.ts). */
  streak: number;
  isCompletedInCurrentPeriod: boolean;
  lastCompletedAt: number | null;
  /**
   * The habit rests today (rest.ts `restsOn`: paused, on vacation, or its period skipped): no
   * reminder names it, and its streak is never at risk.
   */
  isResting?: boolean;
  /**
   * The current period holds a rest day (a pause or a vacation earlier in it, say): a streak
   * passes over such a period, so it is never at risk, though other reminders may name the habit.
   */
  periodRests?: boolean;
};
