/**
 * One round of reminders in an open tab (use-reminders.ts runs it): plan with core's planner,
 * claim each due reminder on the server, show what the claim answers.
 */
import type { CompletionEntry } from '@habitquest/contracts/completion-columns';
import type { Habit } from '@habitquest/contracts/habits';
import type { Me } from '@habitquest/contracts/me';
import { routes } from '@habitquest/contracts/routes';
import type { LocalDate } from '@habitquest/core/dates';
import { reminderHabitOf } from '@habitquest/core/reminders/habits';
import { planReminders, type Reminder, type ReminderHabit } from '@habitquest/core/reminders/plan';
import { habitRest, restsOn, type HabitRest } from '@habitquest/core/rest';
import type { RestFacts } from '@habitquest/core/stats';
import { REMINDER_TEXTS } from '@habitquest/core/reminders/rules';
import { seededRandom } from '@habitquest/core/reminders/timing';
import { call } from '../../lib/api';
import { readDeviceState } from './device-state';
import { permissionNow, showNotification } from './notifications';
import { ensurePushSubscription } from './push-subscription';
import type { ReminderInputs } from './use-reminders';

/** Plans, claims and shows what is due; answers when to plan again. */
export async function planAndSend(
  options: ReminderInputs,
  session: { sessionStartedAt: number | null; lastInteraction: number },
): Promise<Date | null> {
  const { me, habits, completions, rest, today } = options;
  if (!me || !habits || !completions) return null;
  const permission = permissionNow();
  const config = me.settings.reminders;
  if (!config.enabled || permission !== 'granted') return null;
  // Reminders when no tab is open, too, where this browser can receive pushes: the server learns
  // (again, should the last call have failed) this device's pause, snooze and activity, so that
  // it pushes nothing while paused or snoozed, nor what this tab's planner holds back.
  void ensurePushSubscription();
  const device = readDeviceState();
  const { timeZone, weekStart } = me.settings;
  const sent = await call(routes.listSentReminders);
  const times = completionTimes(completions);
  const planned = habits.map((habit) =>
    reminderHabitOf({
      habit,
      completions,
      rest: restOfHabit(habit, rest),
      today,
      weekStart,
    }),
  );
  const plan = planReminders({
    config,
    permission,
    isPaused: device.isPaused,
    snoozedUntil: device.snoozedUntil,
    activity: {
      lastAppOpen: device.lastAppOpen,
      lastInteraction: session.lastInteraction,
      lastHabitCompletion: latest(Object.values(times).flat()),
      sessionStartedAt: session.sessionStartedAt,
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

/** The habit's own rest days, out of the user's. */
function restOfHabit(habit: Pick<Habit, 'id'>, rest: RestFacts): HabitRest {
  return habitRest({
    skips: rest.skips.get(habit.id) ?? [],
    pauses: rest.pauses.get(habit.id) ?? [],
    vacations: rest.vacations,
  });
}

/** Whether the habit rests today as reminders see it (core's rule, shared with the server). */
export function isRestingToday(
  habit: Pick<Habit, 'id' | 'frequency'>,
  rest: RestFacts,
  today: LocalDate,
  weekStart: Me['settings']['weekStart'],
): boolean {
  return restsOn(restOfHabit(habit, rest), today, habit.frequency, weekStart);
}

/** When each habit was completed (the planner learns the user's habitual hours from them). */
function completionTimes(completions: readonly CompletionEntry[]): Record<string, number[]> {
  const times: Record<string, number[]> = {};
  for (const completion of completions) {
    (times[completion.habitId] ??= []).push(Date.parse(completion.completedAt));
  }
  return times;
}

function latest(values: readonly number[]): number | null {
  return values.length === 0 ? null : Math.max(...values);
}
