import type { CompletionEntry } from '@habitquest/contracts/completion-columns';
import type { Habit } from '@habitquest/contracts/habits';
import { localDateOf, type LocalDate } from '@habitquest/core/dates';
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
 * Each habit with the day it was created in the user's time zone, as the server judges it: a
 * habit counts on a day from then, or on an earlier day once it is done for that day's period (a
 * back-filled completion). Before that it is still listed, apart (`addedLater` of Day Insights),
 * so the user can log what they did before adding it; "Perfect Day" and the figures leave it out.
 */
export function withCreatedOn(habits: readonly Habit[], timeZone: string): DatedHabit[] {
  return habits.map((habit) => ({
    ...habit,
    createdOn: localDateOf(new Date(habit.createdAt), timeZone),
  }));
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
