/**
 * Reminders while a HabitQuest tab is open (docs/product.md "Reminders"): core's planner says
 * what is due from the user's settings, habits and completions, this device's activity and
 * today's reminders so far on every channel; each due reminder is claimed on the server first
 * (which answers the habits still due and not reminded of, so another tab, a push or the desktop
 * never repeats it) and shown through the service worker. The plan runs again at the instant
 * the planner names, when the data changes, and at local midnight.
 */
import type { Completion, Habit } from '@habitquest/contracts/habits';
import type { Me } from '@habitquest/contracts/me';
import { routes } from '@habitquest/contracts/routes';
import type { LocalDate } from '@habitquest/core/dates';
import { periodKey } from '@habitquest/core/periods';
import { planReminders, type ReminderHabit, type Reminder } from '@habitquest/core/reminders/plan';
import { REMINDER_TEXTS } from '@habitquest/core/reminders/rules';
import { seededRandom } from '@habitquest/core/reminders/timing';
import { useEffect, useRef } from 'react';
import { call } from '../../lib/api';
import { readDeviceState, recordAppOpen, subscribeDeviceState } from './device-state';
import { permissionNow, showNotification } from './notifications';
import { ensurePushSubscription } from './push-subscription';

/** Planned again at least this often, whatever the planner said (a sleeping laptop, a clock). */
const REPLAN_MS = 15 * 60_000;

/** When this page started: the session the startup reminder counts from. */
const SESSION_STARTED_AT = Date.now();
let lastInteraction = Date.now();
if (typeof window !== 'undefined') {
  for (const type of ['pointerdown', 'keydown'] as const) {
    window.addEventListener(type, () => {
      lastInteraction = Date.now();
    });
  }
}

export function useReminders(options: {
  me: Me | undefined;
  habits: readonly Habit[] | undefined;
  /** This year's completions (the current period of every habit is in them). */
  completions: readonly Completion[] | undefined;
  today: LocalDate;
}): void {
  const { me, habits, completions, today } = options;
  const inputs = useRef(options);
  inputs.current = options;

  useEffect(() => {
    recordAppOpen(today);
    // Once per day the page is open: a new day is a new session.
  }, [today]);

  useEffect(() => {
    if (!me || !habits || !completions) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isStopped = false;
    const run = async (): Promise<void> => {
      clearTimeout(timer);
      const wake = await planAndSend(inputs.current).catch(() => null);
      if (isStopped) return;
      const delay = wake === null ? REPLAN_MS : Math.max(1_000, wake.getTime() - Date.now());
      timer = setTimeout(() => void run(), Math.min(delay, REPLAN_MS));
    };
    void run();
    const off = subscribeDeviceState(() => void run());
    return () => {
      isStopped = true;
      clearTimeout(timer);
      off();
    };
  }, [me, habits, completions, today]);
}

/** Plans, claims and shows what is due; answers when to plan again. */
async function planAndSend(options: {
  me: Me | undefined;
  habits: readonly Habit[] | undefined;
  completions: readonly Completion[] | undefined;
  today: LocalDate;
}): Promise<Date | null> {
  const { me, habits, completions, today } = options;
  if (!me || !habits || !completions) return null;
  const permission = permissionNow();
  const config = me.settings.reminders;
  if (!config.enabled || permission !== 'granted') return null;
  // Reminders when no tab is open, too, where this browser can receive pushes.
  void ensurePushSubscription();
  const device = readDeviceState();
  const { timeZone, weekStart } = me.settings;
  const sent = await call(routes.listSentReminders);
  const times = completionTimes(completions);
  const planned = habits.map((habit) => reminderHabit(habit, completions, today, weekStart));
  const plan = planReminders({
    config,
    permission,
    isPaused: device.isPaused,
    snoozedUntil: device.snoozedUntil,
    activity: {
      lastAppOpen: device.lastAppOpen,
      lastInteraction,
      lastHabitCompletion: latest(Object.values(times).flat()),
      sessionStartedAt: SESSION_STARTED_AT,
      dailySessions: device.dailySessions,
      habitCompletionTimes: times,
    },
    habits: planned,
    sentToday: sent.map((reminder) => ({ kind: reminder.kind, at: Date.parse(reminder.at) })),
    now: new Date(),
    timeZone,
    weekStart,
    random: seededRandom(`${me.user.id}:${today}`),
  });
  for (const reminder of plan.due) await send(reminder, planned, today, config);
  return plan.nextWakeAt;
}

async function send(
  reminder: Reminder,
  habits: readonly ReminderHabit[],
  today: LocalDate,
  config: Me['settings']['reminders'],
): Promise<void> {
  const { habitIds } = await call(routes.claimReminder, {
    body: { kind: reminder.kind, habitIds: reminder.habitIds, channel: 'tab' },
  });
  // Done meanwhile, or already reminded of by another tab, a push or the desktop.
  const claimed = habits.filter((habit) => habitIds.includes(habit.id));
  const [only] = claimed;
  if (!only) return;
  const text = REMINDER_TEXTS[reminder.kind];
  await showNotification({
    title: text.title,
    body: text.body(claimed),
    tag: `${reminder.kind}-${today}`,
    data: claimed.length === 1 ? { habitId: only.id, date: today } : {},
    requireInteraction: config.persistentReminders,
    silent: !config.soundEnabled,
  });
}

function reminderHabit(
  habit: Habit,
  completions: readonly Completion[],
  today: LocalDate,
  weekStart: Me['settings']['weekStart'],
): ReminderHabit {
  const key = periodKey(today, habit.frequency, weekStart);
  return {
    id: habit.id,
    title: habit.title,
    frequency: habit.frequency,
    streak: habit.streak,
    isCompletedInCurrentPeriod: completions.some(
      (completion) => completion.habitId === habit.id && completion.periodKey === key,
    ),
    lastCompletedAt: habit.lastCompletedAt === null ? null : Date.parse(habit.lastCompletedAt),
  };
}

/** When each habit was completed (the planner learns the user's habitual hours from them). */
function completionTimes(completions: readonly Completion[]): Record<string, number[]> {
  const times: Record<string, number[]> = {};
  for (const completion of completions) {
    (times[completion.habitId] ??= []).push(Date.parse(completion.completedAt));
  }
  return times;
}

function latest(values: readonly number[]): number | null {
  return values.length === 0 ? null : Math.max(...values);
}
