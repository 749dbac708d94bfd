/**
 * Snoozing reminders on one device. Apart from the planner (plan.ts), so a page that only snoozes
 * (the settings panel, the desktop shell's Snooze) does not load the planner and its rules.
 */
export const SNOOZE_DEFAULT_MINUTES = 60;

/** The end of a snooze that starts now (default 60 minutes), in epoch ms. */
export function snoozeUntil(now: Date, minutes = SNOOZE_DEFAULT_MINUTES): number {
  return now.getTime() + minutes * 60_000;
}
