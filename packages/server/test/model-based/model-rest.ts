/**
 * The model of rest (model.ts): a skipped day, a habit paused and resumed, a vacation, and what
 * the server must answer for each. Test support only.
 */
import { isSamePeriod, periodKey } from '@habitquest/core/periods';
import { isVisibleOn } from '@habitquest/core/visibility';
import { addDays, daysBetween, type LocalDate } from '@habitquest/core/dates';
import {
  OK,
  conflict,
  validation,
  type MHabit,
  type MRange,
  type MUser,
  type Outcome,
} from './model';

/** PUT …/skips/:date — idempotent; a done period cannot be skipped (409). */
export function setSkip(user: MUser, habit: MHabit, date: LocalDate, skipped: boolean): Outcome {
  if (date > addDays(user.today, 366)) return validation;
  if (!isVisibleOn(habit, date, user.weekStart)) return validation;
  const inPeriod = (day: LocalDate) => isSamePeriod(day, date, habit.frequency, user.weekStart);
  if (skipped) {
    const key = periodKey(date, habit.frequency, user.weekStart);
    if (habit.completions.some((completion) => completion.key === key)) return conflict;
    if (!habit.skips.some(inPeriod)) habit.skips.push(date);
  } else {
    habit.skips = habit.skips.filter((day) => !inPeriod(day));
  }
  return OK;
}

function notOver(range: MRange, today: LocalDate): boolean {
  return range.endsOn === null || range.endsOn >= today;
}

/** PUT …/pause — from today until the day before resumesOn (null: until resumed). */
export function pauseHabit(user: MUser, habit: MHabit, resumesOn: LocalDate | null): Outcome {
  if (resumesOn !== null && resumesOn <= user.today) return validation;
  const endsOn = resumesOn === null ? null : addDays(resumesOn, -1);
  const current = habit.pauses.filter((pause) => notOver(pause, user.today));
  for (const pause of current) pause.endsOn = endsOn;
  if (current.length === 0) habit.pauses.push({ startsOn: user.today, endsOn });
  return OK;
}

/** DELETE …/pause — back today: a pause begun earlier ends yesterday, a later one goes. */
export function resumeHabit(user: MUser, habit: MHabit): Outcome {
  habit.pauses = habit.pauses
    .filter((pause) => !(notOver(pause, user.today) && pause.startsOn >= user.today))
    .map((pause) =>
      notOver(pause, user.today) ? { ...pause, endsOn: addDays(user.today, -1) } : pause,
    );
  return OK;
}

/** The pause now or ahead, as the wire gives it. */
export function expectedPause(user: MUser, habit: MHabit) {
  const current = habit.pauses
    .filter((pause) => notOver(pause, user.today))
    .sort((a, b) => (a.startsOn < b.startsOn ? 1 : -1))[0];
  if (!current) return null;
  return {
    startsOn: current.startsOn,
    resumesOn: current.endsOn === null ? null : addDays(current.endsOn, 1),
  };
}

/** PUT /api/vacation — replaces the vacation now or ahead; it may not be over already. */
export function setVacation(user: MUser, startsOn: LocalDate, endsOn: LocalDate): Outcome {
  if (endsOn < startsOn) return validation;
  if (daysBetween(startsOn, endsOn) + 1 > 366) return validation;
  if (endsOn < user.today) return validation;
  user.vacations = user.vacations.filter((vacation) => vacation.endsOn < user.today);
  user.vacations.push({ startsOn, endsOn });
  return OK;
}

/** DELETE /api/vacation — ends the one under way yesterday, cancels one ahead. */
export function endVacation(user: MUser): Outcome {
  user.vacations = user.vacations
    .filter((vacation) => !(vacation.endsOn >= user.today && vacation.startsOn >= user.today))
    .map((vacation) =>
      vacation.endsOn >= user.today ? { ...vacation, endsOn: addDays(user.today, -1) } : vacation,
    );
  return OK;
}

export function expectedVacation(user: MUser) {
  const ahead = user.vacations
    .filter((vacation) => vacation.endsOn >= user.today)
    .sort((a, b) => (a.startsOn < b.startsOn ? -1 : 1))[0];
  return ahead ? { startsOn: ahead.startsOn, endsOn: ahead.endsOn } : null;
}
