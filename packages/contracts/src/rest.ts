/**
 * Rest without losing a streak (docs/product.md, "Rest days"): a skipped day of one habit, a paused
 * habit, and vacation mode for every habit. A rest day neither extends nor breaks a streak.
 */
import { daysBetween } from '@habitquest/core/dates';
import { z } from 'zod';
import { zId, zLocalDate } from './common';

/** A vacation spans at most this many days, both ends included. */
export const MAX_VACATION_DAYS = 366;

export const REST_MESSAGES = {
  skipCompleted: 'This habit is already done for that period: undo it first to skip it.',
  skipBeforeCreated: 'This habit did not exist yet on that date.',
  skipTooFar: 'A day can be skipped at most a year ahead.',
  resumeNotAfterToday: 'A paused habit resumes on a later day than today.',
  vacationOrder: 'The vacation cannot end before it starts.',
  vacationTooLong: `A vacation lasts at most ${MAX_VACATION_DAYS} days.`,
  vacationEnded: 'That vacation is already over: pick an end date from today on.',
} as const;

/** PUT /api/habits/:id/skips/:date: the state wanted, so a replay changes nothing. */
export const zSetSkip = z.strictObject({ skipped: z.boolean() });
export type SetSkip = z.infer<typeof zSetSkip>;

/** One skipped day: the habit's whole period holding that date rests, unless it is completed. */
export const zSkip = z.object({ habitId: zId, date: zLocalDate });
export type Skip = z.infer<typeof zSkip>;

/**
 * A habit's pause: it rests from `startsOn` up to the day before `resumesOn`, or indefinitely when
 * `resumesOn` is null.
 */
export const zHabitPause = z.object({ startsOn: zLocalDate, resumesOn: zLocalDate.nullable() });
export type HabitPause = z.infer<typeof zHabitPause>;

/** PUT /api/habits/:id/pause: pause from today, until `resumesOn` (or indefinitely). */
export const zPauseRequest = z.strictObject({ resumesOn: zLocalDate.nullable().default(null) });
export type PauseRequest = z.infer<typeof zPauseRequest>;

/** Vacation mode: every habit rests on the days from `startsOn` to `endsOn`, both included. */
export const zVacation = z
  .strictObject({ startsOn: zLocalDate, endsOn: zLocalDate })
  .superRefine(({ startsOn, endsOn }, ctx) => {
    if (endsOn < startsOn) {
      ctx.addIssue({ code: 'custom', message: REST_MESSAGES.vacationOrder, path: ['endsOn'] });
    } else if (daysBetween(startsOn, endsOn) + 1 > MAX_VACATION_DAYS) {
      ctx.addIssue({ code: 'custom', message: REST_MESSAGES.vacationTooLong, path: ['endsOn'] });
    }
  });
export type Vacation = z.infer<typeof zVacation>;

/** The answer of PUT and DELETE /api/vacation: the vacation now current or planned, if any. */
export const zVacationState = z.object({ vacation: zVacation.nullable() });
export type VacationState = z.infer<typeof zVacationState>;

/**
 * GET /api/rest/history: the pauses and vacations already over (they ended before today). The
 * ones now or ahead travel with the habit (`pause`) and /api/me (`vacation`); together they tell
 * every day that rested.
 */
export const zRestHistory = z.object({
  pauses: z.array(z.object({ habitId: zId, startsOn: zLocalDate, endsOn: zLocalDate })),
  vacations: z.array(z.object({ startsOn: zLocalDate, endsOn: zLocalDate })),
});
export type RestHistory = z.infer<typeof zRestHistory>;
