/**
 * When a habit shows up, and when it may be completed (docs/product.md, docs/decisions.md).
 */
import { minDate, type LocalDate } from './dates';
import { isSamePeriod, type Frequency, type WeekStart } from './periods';

export type Schedule = {
  frequency: Frequency;
  isRecurring: boolean;
  specificDate: LocalDate | null;
};

export const SCHEDULE_MESSAGES = {
  dateRequired: 'A specific habit needs a date: set specificDate or make it recurring',
  dateForbidden:
    'A recurring habit has no specific date: clear specificDate or set isRecurring false',
} as const;

/**
 * What is wrong with a habit's recurring/specific pair, or null when it holds together: a one-time
 * habit has a date and a recurring one has none. Fields left undefined are not judged, so the
 * server runs this again on the merged habit of an update; an import holds its habits to it too.
 */
export function scheduleIssue(schedule: {
  isRecurring?: boolean;
  specificDate?: LocalDate | null;
}): string | null {
  if (schedule.isRecurring === false && schedule.specificDate === null) {
    return SCHEDULE_MESSAGES.dateRequired;
  }
  if (schedule.isRecurring === true && typeof schedule.specificDate === 'string') {
    return SCHEDULE_MESSAGES.dateForbidden;
  }
  return null;
}

/**
 * A recurring habit (or one without a date) is visible every day; a Specific one only within the
 * period of its date. A Specific yearly habit is visible only in its own year: the original app
 * showed it in every year, which docs/decisions.md calls a bug.
 */
export function isVisibleOn(habit: Schedule, date: LocalDate, weekStart: WeekStart): boolean {
  if (habit.isRecurring || habit.specificDate === null) return true;
  return isSamePeriod(habit.specificDate, date, habit.frequency, weekStart);
}

/**
 * A habit's first day (docs/product.md, "A habit's first day"): the day it was created, or the
 * earliest day a back-filled completion is for. Before it the habit counts in no figure (Day
 * Insights, analytics, "Perfect Day") unless it is done for that day's period (stats.ts).
 */
export function firstDayOf(createdOn: LocalDate, completionDates: readonly LocalDate[]): LocalDate {
  return completionDates.reduce(minDate, createdOn);
}

export type CompletionEligibility = { ok: true } | { ok: false; reason: 'future' | 'not-visible' };

/** A completion may be set for today or a past date on which the habit is visible. */
export function completionEligibility(
  habit: Schedule,
  date: LocalDate,
  today: LocalDate,
  weekStart: WeekStart,
): CompletionEligibility {
  if (date > today) return { ok: false, reason: 'future' };
  if (!isVisibleOn(habit, date, weekStart)) return { ok: false, reason: 'not-visible' };
  return { ok: true };
}

export const ELIGIBILITY_MESSAGES = {
  future: 'A habit cannot be completed for a future date.',
  'not-visible': 'This habit is not scheduled on that date.',
} as const;

/**
 * Why a schedule cannot be given to a habit: a Specific (one-time) schedule must keep every
 * completion the habit has inside its date's period, or one would be left on a day the habit no
 * longer shows on, out of reach of an undo in the app, and the habit could be paid again in its
 * new period. Answers the first completion's date it would leave out, or null.
 */
export function completionLeftOut(
  habit: Schedule,
  completionDates: readonly LocalDate[],
  weekStart: WeekStart,
): LocalDate | null {
  return [...completionDates].sort().find((date) => !isVisibleOn(habit, date, weekStart)) ?? null;
}

/** The week start change that would leave a one-time weekly habit's completion out of its week. */
export const weekStartLeavesOutMessage = (title: string, date: LocalDate): string =>
  `"${title}" was completed on ${date}, a day the new week start would leave out of its one-time week. Undo that completion first, or keep the week start as it is.`;

export const scheduleLeavesOutMessage = (date: LocalDate): string =>
  `This habit was completed on ${date}, a day the new date would leave out. Undo that completion first, or keep the schedule as it is.`;
