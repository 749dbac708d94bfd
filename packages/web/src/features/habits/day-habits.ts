import type { CompletionEntry } from '@habitquest/contracts/completion-columns';
import type { Habit } from '@habitquest/contracts/habits';
import type { LocalDate } from '@habitquest/core/dates';
import { pointsForXp } from '@habitquest/core/levels';
import type { WeekStart } from '@habitquest/core/periods';
import {
  dayInsights,
  type DayHabit,
  type DayInsights,
  type RestFacts,
} from '@habitquest/core/stats';

export type DatedHabit = Habit & { createdOn: LocalDate };

/**
 * Each habit with its first day as core's rules read it (`createdOn`): the server's `countsFrom`,
 * the day it was created in the user's zone or an earlier day a back-filled completion is for. A
 * habit counts on a day from then, or on an earlier day once it is done for that day's period;
 * before that it is listed apart (`addedLater` of Day Insights), so the user can log what they
 * did before adding it, and "Perfect Day" and the figures leave it out.
 */
export function withCreatedOn(habits: readonly Habit[]): DatedHabit[] {
  return habits.map((habit) => ({ ...habit, createdOn: habit.countsFrom }));
}

/**
 * Day Insights of a date over the wire's habits and completions (core's rule); resting habits
 * (`rest`: skips, pauses, the vacation) are listed with why and leave the counts, and so do
 * habits added after the date and not done for it (`addedLater`).
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

/** One habit of a day's list: a counted one (done, resting, or neither) or one added later. */
export type ListedHabit = DayHabit<DatedHabit> & { isAddedLater: boolean };

/**
 * What a day lists, the cards and Day Insights alike: its counted habits, then those added after
 * it (not done, not resting), to be logged.
 */
export function listedHabits(day: DayInsights<DatedHabit>): ListedHabit[] {
  return [
    ...day.habitsForDay.map((entry) => ({ ...entry, isAddedLater: false })),
    ...day.addedLater.map((habit) => ({
      habit,
      isCompleted: false,
      rest: null,
      isAddedLater: true,
    })),
  ];
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
