/**
 * A habit as the reminder planner sees it (types.ts ReminderHabit), from what every channel has:
 * the habit as the API answers it and the completions of the current periods. One mapping for the
 * tab, the desktop shell and the server's push round.
 */
import type { LocalDate } from '../dates';
import { periodKey, type Frequency, type WeekStart } from '../periods';
import { periodHasRest, restsOn, type HabitRest } from '../rest';
import type { ReminderHabit } from './types';

export function reminderHabitOf(options: {
  habit: {
    id: string;
    title: string;
    frequency: Frequency;
    streak: number;
    /** An ISO instant, as the wire gives it. */
    lastCompletedAt: string | null;
  };
  completions: readonly { habitId: string; periodKey: string }[];
  /**
   * The habit's rest days. Paused, on vacation, or its period skipped today (rest.ts `restsOn`):
   * no reminder names it. A rest day anywhere in the current period: its streak is not at risk.
   */
  rest: HabitRest;
  today: LocalDate;
  weekStart: WeekStart;
}): ReminderHabit {
  const { habit, today, weekStart } = options;
  const key = periodKey(today, habit.frequency, weekStart);
  return {
    id: habit.id,
    title: habit.title,
    frequency: habit.frequency,
    streak: habit.streak,
    isCompletedInCurrentPeriod: options.completions.some(
      (completion) => completion.habitId === habit.id && completion.periodKey === key,
    ),
    lastCompletedAt: habit.lastCompletedAt === null ? null : Date.parse(habit.lastCompletedAt),
    isResting: restsOn(options.rest, today, habit.frequency, weekStart),
    periodRests: periodHasRest(options.rest, today, habit.frequency, weekStart),
  };
}
