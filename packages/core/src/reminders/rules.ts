/**
 * The five reminder rules of the planner (plan.ts), each answering "is it due at instant t?"
 * for one day's context, and the reminders' copy. Thresholds come from docs/product.md and §9.
 */
import { localDateOf, zonedTime, type LocalDate } from '../dates';
import { periodRangeOf, type Frequency, type WeekStart } from '../periods';
import { HOUR_MS, instantAt, isInWindow, MINUTE_MS } from './timing';
import type { Reminder, ReminderConfig, ReminderHabit, ReminderKind, SentReminder } from './types';

/** A timed reminder is due from its time until this much later; after that it is missed. */
export const GRACE_MINUTES = 60;
/** The evening reminder's own window, 9 to 11 PM (docs/product.md), whatever the reminder window. */
export const EVENING_WINDOW = { start: 21, end: 23 } as const;
export const STREAK_INACTIVE_HOURS = 4;
export const DAILY_INACTIVE_HOURS = 2;
export const MOTIVATION_AFTER_HOURS = 6;
/** "Completed over 4 hours ago, then an encouragement after 2 hours": 6 hours after it. */
export const ENCOURAGEMENT_AFTER_HOURS = 4 + 2;
export const STARTUP_DELAY_MINUTES = 5;
export const DEFAULT_STREAK_RISK_HOURS = 20;
const BUSY_WEEK_SCORE = 80;

/** One local day's facts, fixed for every instant the planner asks about. */
export type RuleContext = {
  config: ReminderConfig;
  habits: readonly ReminderHabit[];
  /** Reminders already sent on this local day. */
  sent: readonly SentReminder[];
  today: LocalDate;
  timeZone: string;
  weekStart: WeekStart;
  lastActive: number | null;
  lastCompletion: number | null;
  sessionStartedAt: number | null;
  /** Today's chosen time for the motivational reminder, or null when no hour fits the window. */
  intelligentAt: number | null;
  weeklyScore: number;
};

/** A streak is at risk once `riskHours` (the slider, default 20) have passed without a completion. */
export function streakRisk(
  hoursSinceLast: number,
  riskHours = DEFAULT_STREAK_RISK_HOURS,
): 'safe' | 'at-risk' {
  return hoursSinceLast >= riskHours ? 'at-risk' : 'safe';
}

/** Highest priority first, so the daily cap keeps the most useful reminder. */
const RULES: readonly ((context: RuleContext, t: number) => Reminder | null)[] = [
  streakProtection,
  evening,
  intelligent,
  encouragement,
  startup,
];

/** The reminders due at instant t, capped by what is left of the day's maximum. */
export function dueAt(context: RuleContext, t: number): Reminder[] {
  const room = context.config.maxRemindersPerDay - context.sent.length;
  if (room <= 0) return [];
  return RULES.map((rule) => rule(context, t))
    .filter((reminder) => reminder !== null)
    .slice(0, room);
}

function streakProtection(context: RuleContext, t: number): Reminder | null {
  const { config, timeZone } = context;
  const hour = zonedTime(t, timeZone).hour;
  if (!config.streakReminders || !config.streakProtectionHours.includes(hour)) return null;
  if (!isInWindow(hour, config.reminderTimeRange)) return null;
  // Each protection hour (12, 18, 20) warns at most once: its slot is that whole local hour.
  const slotStart = instantAt(context.today, hour, 0, timeZone).getTime();
  if (context.sent.some((s) => s.kind === 'streak-protection' && s.at >= slotStart)) return null;
  if (!isInactiveFor(context, t, STREAK_INACTIVE_HOURS)) return null;
  return remind(
    'streak-protection',
    context.habits.filter((h) => isStreakAtRisk(context, h, t)),
  );
}

/**
 * Long enough without a completion (the slider), and the streak's period ends today: a period
 * streak survives until its period ends (docs/decisions.md), so a weekly streak is not nagged about on
 * its first day, and there is no "under 24 hours" cap as with the spec's day-based streaks.
 */
function isStreakAtRisk(context: RuleContext, habit: ReminderHabit, t: number): boolean {
  const { config, today } = context;
  if (habit.isCompletedInCurrentPeriod || habit.isResting === true) return false;
  if (habit.periodRests === true) return false;
  if (habit.streak < config.streakWarningThreshold) return false;
  if (periodRangeOf(today, habit.frequency, context.weekStart).end !== today) return false;
  const hours = habit.lastCompletedAt === null ? Infinity : (t - habit.lastCompletedAt) / HOUR_MS;
  return streakRisk(hours, config.streakRiskHours) === 'at-risk';
}

/** 9 to 11 PM, once a day, while a daily habit is open; no inactivity gate (spec gives none). */
function evening(context: RuleContext, t: number): Reminder | null {
  if (!context.config.eveningReminder || hasSent(context, 'evening')) return null;
  if (!isInWindow(zonedTime(t, context.timeZone).hour, EVENING_WINDOW)) return null;
  return remind(
    'evening',
    openHabits(context).filter((h) => h.frequency === 'daily'),
  );
}

/** No completion today and none for 6 hours: a nudge at today's chosen habitual time. */
function intelligent(context: RuleContext, t: number): Reminder | null {
  const { lastCompletion, intelligentAt } = context;
  if (intelligentAt === null || !isWithinGrace(t, intelligentAt)) return null;
  if (!isDailyAllowed(context, t, 'intelligent')) return null;
  if (lastCompletion !== null) {
    const isToday = localDateOf(lastCompletion, context.timeZone) === context.today;
    if (isToday || t - lastCompletion < MOTIVATION_AFTER_HOURS * HOUR_MS) return null;
  }
  return remind('intelligent', openHabits(context));
}

/** Completed something today: 6 hours later, a word of encouragement for what is still open. */
function encouragement(context: RuleContext, t: number): Reminder | null {
  const { lastCompletion } = context;
  if (lastCompletion === null) return null;
  if (localDateOf(lastCompletion, context.timeZone) !== context.today) return null;
  if (!isWithinGrace(t, lastCompletion + ENCOURAGEMENT_AFTER_HOURS * HOUR_MS)) return null;
  if (!isDailyAllowed(context, t, 'encouragement')) return null;
  return remind('encouragement', openHabits(context));
}

/** 5 minutes into a session, once a day, inside the window, while any habit is open. */
function startup(context: RuleContext, t: number): Reminder | null {
  const { config, sessionStartedAt } = context;
  if (!config.startupReminder || sessionStartedAt === null || hasSent(context, 'startup')) {
    return null;
  }
  if (!isWithinGrace(t, sessionStartedAt + STARTUP_DELAY_MINUTES * MINUTE_MS)) return null;
  if (!isInWindow(zonedTime(t, context.timeZone).hour, config.reminderTimeRange)) return null;
  return remind('startup', openHabits(context));
}

/** The daily reminders' gates: on, not sent today, not a busy week, in the window, 2 h idle. */
function isDailyAllowed(context: RuleContext, t: number, kind: ReminderKind): boolean {
  const { config } = context;
  return (
    config.randomReminders &&
    !hasSent(context, kind) &&
    !(config.adaptiveFrequency && context.weeklyScore > BUSY_WEEK_SCORE) &&
    isInWindow(zonedTime(t, context.timeZone).hour, config.reminderTimeRange) &&
    isInactiveFor(context, t, DAILY_INACTIVE_HOURS)
  );
}

/** "Inactive for N hours" includes the instant N hours is reached, so it can be scheduled. */
function isInactiveFor(context: RuleContext, t: number, hours: number): boolean {
  return context.lastActive === null || t - context.lastActive >= hours * HOUR_MS;
}

function isWithinGrace(t: number, start: number): boolean {
  return t >= start && t < start + GRACE_MINUTES * MINUTE_MS;
}

function hasSent(context: RuleContext, kind: ReminderKind): boolean {
  return context.sent.some((s) => s.kind === kind);
}

function openHabits(context: RuleContext): ReminderHabit[] {
  return context.habits.filter((h) => !h.isCompletedInCurrentPeriod && h.isResting !== true);
}

const UNITS: Record<Frequency, string> = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  yearly: 'year',
};

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function titles(habits: readonly ReminderHabit[]): string {
  const names = habits.slice(0, 3).map((h) => h.title);
  return habits.length > 3 ? `${names.join(', ')} and ${habits.length - 3} more` : names.join(', ');
}

function streakBody(habits: readonly ReminderHabit[]): string {
  const [first] = habits;
  if (habits.length === 1 && first) {
    const run = `${first.streak}-${UNITS[first.frequency]}`;
    return `"${first.title}" is on a ${run} streak. Complete it today to keep it going.`;
  }
  return `${habits.length} streaks end tonight: ${titles(habits)}. Complete them to keep them going.`;
}

type ReminderText = { title: string; body: (habits: readonly ReminderHabit[]) => string };

/** Every reminder's copy, in one place. */
export const REMINDER_TEXTS: Record<ReminderKind, ReminderText> = {
  'streak-protection': { title: 'Protect your streak!', body: streakBody },
  evening: {
    title: 'Evening check-in',
    body: (habits) =>
      `You still have ${count(habits.length, 'daily habit')} open today. There is still time!`,
  },
  startup: {
    title: 'Ready for today?',
    body: (habits) => `You have ${count(habits.length, 'habit')} to do: ${titles(habits)}.`,
  },
  intelligent: {
    title: 'Time for your habits',
    body: (habits) =>
      `${count(habits.length, 'habit')} waiting for you: ${titles(habits)}. ` +
      'A small step now keeps your progress going.',
  },
  encouragement: {
    title: 'Keep it going!',
    body: (habits) =>
      `Nice work today! ${count(habits.length, 'habit')} still open: ${titles(habits)}.`,
  },
};

/** A reminder about `habits`, or none when there is nothing to remind about. */
function remind(kind: ReminderKind, habits: readonly ReminderHabit[]): Reminder | null {
  if (habits.length === 0) return null;
  const text = REMINDER_TEXTS[kind];
  return { kind, title: text.title, body: text.body(habits), habitIds: habits.map((h) => h.id) };
}
