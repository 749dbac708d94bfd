import type { CompletionEntry } from '@habitquest/contracts/completion-columns';
import type { Habit } from '@habitquest/contracts/habits';
import type { LocalDate } from '@habitquest/core/dates';
import { pointsForXp } from '@habitquest/core/levels';
import type { WeekStart } from '@habitquest/core/periods';
import { dayInsights, type DayInsights, type RestFacts } from '@habitquest/core/stats';

export type DatedHabit = Habit & { createdOn: LocalDate };

/**
 * The day view lists every habit scheduled on a date, also one created after it, so a user can
 * log what they did before adding the habit (the server accepts any past date the habit is
 * scheduled on). Analytics, on the server, count a habit only from its first day.
 */
const SHOW_ON_EVERY_PAST_DAY: LocalDate = '0001-01-01';

export function withCreatedOn(habits: readonly Habit[]): DatedHabit[] {
  return habits.map((habit) => ({ ...habit, createdOn: SHOW_ON_EVERY_PAST_DAY }));
}

/**
 * Day Insights of a date over the wire's habits and completions (core's rule); resting habits
 * (`rest`: skips, pauses, the vacation) are listed with why and leave the counts.
 */
export function insightsFor(options: {
  habits: readonly DatedHabit[];
  completions: readonly CompletionEntry[];
  date: LocalDate;
  weekStart: WeekStart;
  rest?: RestFacts;
}): DayInsights<DatedHabit> {
  return dayInsights(options);
}

/**
 * The completion a toggle or a queued change shows before the server's answer: the habit's XP
 * and points now, done now. The offline queue and the toggle's optimistic change both draw it.
 */
export function draftCompletion(
  habit: Pick<Habit, 'id' | 'xpOnComplete'>,
  date: LocalDate,
  periodKey: string,
): CompletionEntry {
  return {
    habitId: habit.id,
    completionDate: date,
    periodKey,
    xpEarned: habit.xpOnComplete,
    pointsEarned: pointsForXp(habit.xpOnComplete),
    completedAt: new Date().toISOString(),
  };
}
