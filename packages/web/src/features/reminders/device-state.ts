/**
 * What belongs to this device, not to the synced settings (docs/product.md "Reminders"): pause
 * and snooze, and the activity record the planner reads (app opens, sessions per day). Kept in
 * localStorage; every tab of the device shares it. The server learns the pause, the snooze and
 * the last activity with this browser's push subscription (push-subscription.ts), at the
 * reminders round each change starts.
 */
import type { LocalDate } from '@habitquest/core/dates';
import { snoozeUntil } from '@habitquest/core/reminders/snooze';
import { useSyncExternalStore } from 'react';
import { createListeners } from '../../lib/listeners';

const KEY = 'habitquest-reminders';

export type DeviceReminderState = {
  isPaused: boolean;
  snoozedUntil: number | null;
  lastAppOpen: number | null;
  /** Sessions (app starts) per local date, the last 14 days. */
  dailySessions: Partial<Record<LocalDate, number>>;
};

const EMPTY: DeviceReminderState = {
  isPaused: false,
  snoozedUntil: null,
  lastAppOpen: null,
  dailySessions: {},
};

let cached: DeviceReminderState | null = null;
const listeners = createListeners();

export function readDeviceState(): DeviceReminderState {
  if (cached) return cached;
  try {
    const stored = JSON.parse(
      localStorage.getItem(KEY) ?? 'null',
    ) as Partial<DeviceReminderState> | null;
    cached = { ...EMPTY, ...(stored ?? {}) };
  } catch {
    cached = EMPTY;
  }
  return cached;
}

function write(change: Partial<DeviceReminderState>): void {
  cached = { ...readDeviceState(), ...change };
  try {
    localStorage.setItem(KEY, JSON.stringify(cached));
  } catch {
    // Storage full or refused: the state still holds for this page.
  }
  listeners.emit();
}

if (typeof window !== 'undefined') {
  // Another tab paused, snoozed or opened the app.
  window.addEventListener('storage', (event) => {
    if (event.key !== KEY) return;
    cached = null;
    listeners.emit();
  });
}

export const subscribeDeviceState = listeners.subscribe;

export function useDeviceReminderState(): DeviceReminderState {
  return useSyncExternalStore(subscribeDeviceState, readDeviceState);
}

export function setPaused(isPaused: boolean): void {
  write({ isPaused, snoozedUntil: null });
}

/** Snoozes for 60 minutes from now (docs/product.md). */
export function snooze(now = new Date()): void {
  write({ snoozedUntil: snoozeUntil(now) });
}

/** Records an app start on `today`; keeps the last 14 days of sessions. */
export function recordAppOpen(today: LocalDate, now = Date.now()): void {
  const sessions = { ...readDeviceState().dailySessions };
  sessions[today] = (sessions[today] ?? 0) + 1;
  const kept = Object.keys(sessions).sort().slice(-14);
  write({
    lastAppOpen: now,
    dailySessions: Object.fromEntries(kept.map((date) => [date, sessions[date]])),
  });
}
