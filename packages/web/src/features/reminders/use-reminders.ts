/**
 * Reminders while a HabitQuest tab is open (docs/product.md "Reminders"): core's planner says
 * what is due from the user's settings, habits and completions, this device's activity and
 * today's reminders so far on every channel; each due reminder is claimed on the server first
 * (which answers the habits still due and not reminded of, so another tab, a push or the desktop
 * never repeats it) and shown through the service worker. The plan runs again at the instant
 * the planner names, when the data changes, and at local midnight.
 */
import type { CompletionEntry } from '@habitquest/contracts/completion-columns';
import type { Habit } from '@habitquest/contracts/habits';
import type { Me } from '@habitquest/contracts/me';
import type { LocalDate } from '@habitquest/core/dates';
import type { RestFacts } from '@habitquest/core/stats';
import { useEffect, useRef } from 'react';
import { desktopCall, isInDesktopShell } from '../desktop/desktop-shell';
import { recordAppOpen, subscribeDeviceState } from './device-state';
import { permissionNow } from './notifications';
import {
  followSessions,
  lastInteractionAt,
  sessionStartedAt,
  subscribeSessionStarts,
} from './session';

/** Planned again at least this often, whatever the planner said (a sleeping laptop, a clock). */
const REPLAN_MS = 15 * 60_000;

// The page's sessions of use start as it loads (session.ts).
if (typeof window !== 'undefined') followSessions();

export type ReminderInputs = {
  me: Me | undefined;
  habits: readonly Habit[] | undefined;
  /** This year's completions (the current period of every habit is in them). */
  completions: readonly CompletionEntry[] | undefined;
  /** Skips, pauses and the vacation: nothing resting today is reminded of. */
  rest: RestFacts;
  today: LocalDate;
};

export function useReminders(options: ReminderInputs): void {
  const { me, habits, completions, rest, today } = options;
  const inputs = useRef(options);
  inputs.current = options;

  useEffect(() => {
    // Each session's start is an app open for the weekly activity score, and so is a new day
    // reached while one goes on.
    const record = (): void => {
      if (sessionStartedAt() !== null) recordAppOpen(inputs.current.today);
    };
    record();
    return subscribeSessionStarts(record);
  }, [today]);

  useEffect(() => {
    if (!me || !habits || !completions) return;
    // In the desktop shell its own round sends the reminders, visible or hidden to the tray
    // (docs/desktop.md): the page tells it what changed and keeps no timers of its own.
    if (isInDesktopShell()) {
      void desktopCall('update_notification_config', { config: me.settings.reminders });
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isStopped = false;
    const run = async (): Promise<void> => {
      clearTimeout(timer);
      // Only where reminders can be shown: the planner loads then (not in the first download).
      const wake =
        inputs.current.me?.settings.reminders.enabled === true && permissionNow() === 'granted'
          ? await import('./reminder-round')
              .then((round) =>
                round.planAndSend(inputs.current, {
                  sessionStartedAt: sessionStartedAt(),
                  lastInteraction: lastInteractionAt(),
                }),
              )
              .catch(() => null)
          : null;
      if (isStopped) return;
      const delay = wake === null ? REPLAN_MS : Math.max(1_000, wake.getTime() - Date.now());
      timer = setTimeout(() => void run(), Math.min(delay, REPLAN_MS));
    };
    void run();
    const off = subscribeDeviceState(() => void run());
    // A new session may bring its startup reminder.
    const offSessions = subscribeSessionStarts(() => void run());
    return () => {
      isStopped = true;
      clearTimeout(timer);
      off();
      offSessions();
    };
  }, [me, habits, completions, rest, today]);
}
