/**
 * One round of reminders in the shell (docs/desktop.md "Reminders"): the same plan as an open tab
 * (core's planner over the user's settings, habits, completions, this device's activity and
 * today's reminders on every channel), the same claim on the server (channel 'desktop'), so a tab,
 * a push and the shell never repeat one another. Resting habits (skipped, paused, on vacation) are
 * left out, as in the tab. It also counts the habits still due today, for
 * the tray.
 */
import type { Completion, Habit } from '@habitquest/contracts/habits';
import type { Me } from '@habitquest/contracts/me';
import { routes } from '@habitquest/contracts/routes';
import {
  addDays,
  formatLocalDate,
  localDateOf,
  parseLocalDate,
  type LocalDate,
} from '@habitquest/core/dates';
import { weekStartOf } from '@habitquest/core/periods';
import { habitRest, pauseRange, vacationRange } from '@habitquest/core/rest';
import { reminderHabitOf } from '@habitquest/core/reminders/habits';
import { planReminders } from '@habitquest/core/reminders/plan';
import { REMINDER_TEXTS } from '@habitquest/core/reminders/rules';
import { seededRandom } from '@habitquest/core/reminders/timing';
import { isVisibleOn } from '@habitquest/core/visibility';
import type { DesktopNotification, DesktopPermission } from '@habitquest/contracts/desktop-bridge';
import type { SessionInputs } from './app-session';
import type { SessionApi } from './session-api';

/** This device's reminder state, kept by the web app in its localStorage (features/reminders). */
export type DeviceState = {
  isPaused: boolean;
  snoozedUntil: number | null;
  lastAppOpen: number | null;
  dailySessions: Partial<Record<LocalDate, number>>;
};

export type RoundInputs = {
  api: SessionApi;
  permission: DesktopPermission;
  device: DeviceState;
  session: SessionInputs;
  notify: (notification: DesktopNotification) => Promise<boolean>;
  now: Date;
};

export type RoundResult = { nextWakeAt: Date | null; dueToday: number; sent: number };

export async function runReminderRound(inputs: RoundInputs): Promise<RoundResult> {
  const { api, now } = inputs;
  const me: Me = await api(routes.me);
  const { timeZone, weekStart } = me.settings;
  const today = localDateOf(now, timeZone);
  const year = parseLocalDate(today).year;
  // This year's window, as the web app fetches it (web/src/features/habits/queries.ts).
  const range = {
    from: weekStartOf(formatLocalDate(year, 1, 1), weekStart),
    to: addDays(weekStartOf(formatLocalDate(year, 12, 31), weekStart), 6),
  };
  const [habits, completions, skips] = await Promise.all([
    api(routes.listHabits) as Promise<Habit[]>,
    api(routes.listCompletions, { query: range }),
    api(routes.listSkips, { query: range }),
  ]);
  const restOf = (habit: Habit) =>
    habitRest({
      skips: skips.filter((skip) => skip.habitId === habit.id).map((skip) => skip.date),
      pauses: habit.pause ? [pauseRange(habit.pause)] : [],
      vacations: me.vacation ? [vacationRange(me.vacation)] : [],
    });
  const planned = habits.map((habit) =>
    reminderHabitOf({ habit, completions, rest: restOf(habit), today, weekStart }),
  );
  const dueToday = habits.filter(
    (habit, index) =>
      isVisibleOn(habit, today, weekStart) &&
      planned[index]?.isCompletedInCurrentPeriod === false &&
      planned[index].isResting !== true,
  ).length;
  const config = me.settings.reminders;
  if (!config.enabled || inputs.permission !== 'granted') {
    return { nextWakeAt: null, dueToday, sent: 0 };
  }
  const sentToday = await api(routes.listSentReminders);
  const times = completionTimes(completions);
  const allTimes = Object.values(times).flat();
  const plan = planReminders({
    config,
    permission: inputs.permission,
    isPaused: inputs.device.isPaused,
    snoozedUntil: inputs.device.snoozedUntil,
    activity: {
      lastAppOpen: inputs.device.lastAppOpen,
      lastInteraction: inputs.session.lastInteraction,
      lastHabitCompletion: allTimes.length === 0 ? null : Math.max(...allTimes),
      sessionStartedAt: inputs.session.sessionStartedAt,
      dailySessions: inputs.device.dailySessions,
      habitCompletionTimes: times,
    },
    habits: planned,
    sentToday: sentToday.map((reminder) => ({ kind: reminder.kind, at: Date.parse(reminder.at) })),
    now,
    timeZone,
    weekStart,
    // The same seed as the web app's round: both pick the same time of day.
    random: seededRandom(`${me.user.id}:${today}`),
  });
  let sent = 0;
  for (const reminder of plan.due) {
    const { habitIds } = await api(routes.claimReminder, {
      body: { kind: reminder.kind, habitIds: reminder.habitIds, channel: 'desktop' },
    });
    // Done meanwhile, or already reminded of by a tab or a push.
    const claimed = planned.filter((habit) => habitIds.includes(habit.id));
    const [only] = claimed;
    if (!only) continue;
    const text = REMINDER_TEXTS[reminder.kind];
    const isShown = await inputs.notify({
      title: text.title,
      body: text.body(claimed),
      tag: `${reminder.kind}-${today}`,
      ...(claimed.length === 1 ? { habitId: only.id, date: today } : {}),
      isPersistent: config.persistentReminders,
      isSilent: !config.soundEnabled,
    });
    if (isShown) sent++;
  }
  return { nextWakeAt: plan.nextWakeAt, dueToday, sent };
}

function completionTimes(completions: readonly Completion[]): Record<string, number[]> {
  const times: Record<string, number[]> = {};
  for (const completion of completions) {
    (times[completion.habitId] ??= []).push(Date.parse(completion.completedAt));
  }
  return times;
}
