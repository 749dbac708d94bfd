/**
 * Smart habit reminders (docs/product.md; docs/decisions.md): which reminders are due now, and when to
 * look again. One pure planner: the web app and the desktop shell call it on every wake-up and
 * after every change, send `due`, record them in sentToday, and sleep until `nextWakeAt`.
 *
 * Rules (details in rules.ts; where the spec is silent, the choice is noted there):
 * - Nothing while reminders are off, permission is not granted, paused, or snoozed.
 * - At most maxRemindersPerDay per local day, sentToday included; the evening reminder counts.
 * - Every reminder but the evening one (21:00–23:00) only within [reminderTimeRange.start, end).
 * - A timed reminder is due from its time until GRACE_MINUTES later, so a device that slept
 *   through the exact minute still sends it; after that it is missed for the day.
 * - Streak protection at the protection hours, after 4 h of inactivity; the daily reminders
 *   (motivational and encouragement) after 2 h; startup 5 min into a session; evening 21–23.
 */
import { addDays, localDateOf } from '../dates';
import { DEFAULT_WEEK_START, type WeekStart } from '../periods';
import {
  DAILY_INACTIVE_HOURS,
  DEFAULT_STREAK_RISK_HOURS,
  dueAt,
  ENCOURAGEMENT_AFTER_HOURS,
  EVENING_WINDOW,
  MOTIVATION_AFTER_HOURS,
  STARTUP_DELAY_MINUTES,
  STREAK_INACTIVE_HOURS,
  type RuleContext,
} from './rules';
import {
  DEFAULT_HABITUAL_HOURS,
  habitualHours,
  habitualHoursOf,
  HOUR_MS,
  instantAt,
  isInWindow,
  MINUTE_MS,
  weeklyActivityScore,
} from './timing';
import type {
  NotificationPermission,
  Reminder,
  ReminderActivity,
  ReminderConfig,
  ReminderHabit,
  SentReminder,
} from './types';

export type {
  NotificationPermission,
  Reminder,
  ReminderActivity,
  ReminderConfig,
  ReminderHabit,
  ReminderKind,
  SentReminder,
} from './types';

/** docs/decisions.md defaults: window 9–21, at most 2 a day, protection hours 12/18/20, slider 20 h. */
export const DEFAULT_REMINDER_CONFIG: ReminderConfig = {
  enabled: true,
  streakReminders: true,
  /** The daily nudges (intelligent and encouragement), on unless turned off in the panel. */
  randomReminders: true,
  reminderTimeRange: { start: 9, end: 21 },
  maxRemindersPerDay: 2,
  streakProtectionHours: [12, 18, 20],
  streakRiskHours: DEFAULT_STREAK_RISK_HOURS,
  soundEnabled: true,
  persistentReminders: false,
  eveningReminder: true,
  startupReminder: true,
  streakWarningThreshold: 3,
  intelligentTiming: true,
  adaptiveFrequency: true,
};

export { SNOOZE_DEFAULT_MINUTES, snoozeUntil } from './snooze';

export type PlanRemindersOptions = {
  config: ReminderConfig;
  /** Permission, pause and snooze belong to this device, not to the synced settings. */
  permission: NotificationPermission;
  isPaused?: boolean;
  snoozedUntil?: number | null;
  activity: ReminderActivity;
  habits: readonly ReminderHabit[];
  /** Reminders sent so far; those of other local days are ignored. */
  sentToday: readonly SentReminder[];
  now: Date;
  timeZone: string;
  weekStart?: WeekStart;
  /**
   * Called exactly twice per plan (hour pick, then minutes), whatever else happens. Seed it by
   * the local date (seededRandom) so that every plan of one day picks the same time.
   */
  random: () => number;
};

export type ReminderPlan = { due: Reminder[]; nextWakeAt: Date | null };

/** What to send now, and the earliest later instant at which planning again could send more. */
export function planReminders(options: PlanRemindersOptions): ReminderPlan {
  const { config, now } = options;
  // Draw first, always twice, so that a seeded generator gives the same choice on every call.
  const draws = [options.random(), options.random()] as const;
  // Pause and a denied permission wait for an event (resume, grant), not for a time.
  if (!config.enabled || options.permission !== 'granted' || options.isPaused === true) {
    return { due: [], nextWakeAt: null };
  }
  const nowMs = now.getTime();
  const snoozedUntil = options.snoozedUntil ?? null;
  if (snoozedUntil !== null && snoozedUntil > nowMs) {
    return { due: [], nextWakeAt: new Date(snoozedUntil) };
  }
  const context = contextOf(options, draws);
  const due = dueAt(context, nowMs);
  // Plan the wake-up as if `due` had been sent, so that it is not planned a second time.
  const sent = [...context.sent, ...due.map((reminder) => ({ kind: reminder.kind, at: nowMs }))];
  return { due, nextWakeAt: new Date(nextWake({ ...context, sent }, nowMs)) };
}

function contextOf(options: PlanRemindersOptions, draws: readonly [number, number]): RuleContext {
  const { config, activity, timeZone, now } = options;
  const today = localDateOf(now, timeZone);
  const window = config.reminderTimeRange;
  const hours = !config.intelligentTiming
    ? DEFAULT_HABITUAL_HOURS.filter((hour) => isInWindow(hour, window))
    : activity.completionsByHour
      ? habitualHoursOf(activity.completionsByHour, window)
      : habitualHours(activity.habitCompletionTimes, timeZone, window);
  const hour = hours[Math.min(hours.length - 1, Math.floor(draws[0] * hours.length))];
  const minute = Math.min(59, Math.floor(draws[1] * 60));
  const completions = options.habits.map((habit) => habit.lastCompletedAt);
  return {
    config,
    habits: options.habits,
    sent: options.sentToday.filter((sent) => localDateOf(sent.at, timeZone) === today),
    today,
    timeZone,
    weekStart: options.weekStart ?? DEFAULT_WEEK_START,
    lastActive: latest([activity.lastAppOpen, activity.lastInteraction]),
    lastCompletion: latest([activity.lastHabitCompletion, ...completions]),
    sessionStartedAt: activity.sessionStartedAt,
    intelligentAt: hour === undefined ? null : instantAt(today, hour, minute, timeZone).getTime(),
    weeklyScore: weeklyActivityScore(activity.dailySessions, today),
  };
}

/**
 * The first instant before local midnight at which some rule is due if nothing else changes,
 * else midnight, when scheduling renews (docs/product.md). A rule can only become due at one of these
 * candidates (a slot opens, a threshold passes), so checking them is exact.
 */
function nextWake(context: RuleContext, now: number): number {
  const { config, today, timeZone } = context;
  const midnight = instantAt(addDays(today, 1), 0, 0, timeZone).getTime();
  const at = (hour: number) => instantAt(today, hour, 0, timeZone).getTime();
  const plus = (t: number | null, ms: number) => (t === null ? null : t + ms);
  const candidates = [
    ...config.streakProtectionHours.map(at),
    ...context.habits.map((habit) => plus(habit.lastCompletedAt, config.streakRiskHours * HOUR_MS)),
    at(config.reminderTimeRange.start),
    at(EVENING_WINDOW.start),
    context.intelligentAt,
    plus(context.lastCompletion, MOTIVATION_AFTER_HOURS * HOUR_MS),
    plus(context.lastCompletion, ENCOURAGEMENT_AFTER_HOURS * HOUR_MS),
    plus(context.lastActive, STREAK_INACTIVE_HOURS * HOUR_MS),
    plus(context.lastActive, DAILY_INACTIVE_HOURS * HOUR_MS),
    plus(context.sessionStartedAt, STARTUP_DELAY_MINUTES * MINUTE_MS),
  ]
    .filter((t): t is number => t !== null && t > now && t < midnight)
    .sort((a, b) => a - b);
  return candidates.find((t) => dueAt(context, t).length > 0) ?? midnight;
}

function latest(times: readonly (number | null)[]): number | null {
  const known = times.filter((t) => t !== null);
  return known.length > 0 ? Math.max(...known) : null;
}
