import type { Vacation } from '@habitquest/contracts/rest';
import { parseLocalDate, type LocalDate } from '@habitquest/core/dates';
import { formatDate } from '../../lib/format';
import { restCopy as copy } from './copy';
import { vacationStatus } from './rest-facts';

/** A vacation's day in words: 'December 3', with the year when it is not this year's. */
export function vacationDay(date: LocalDate, today: LocalDate): string {
  const isSameYear = parseLocalDate(date).year === parseLocalDate(today).year;
  return formatDate(date, isSameYear ? 'dayMonthLong' : 'dayMonthLongYear');
}

/** 'On vacation until December 3: streaks are safe, no reminders.', or the one planned. */
export function vacationStateText(vacation: Vacation | null | undefined, today: LocalDate): string {
  const status = vacationStatus(vacation, today);
  if (!vacation || status === 'none') return copy.vacationNone;
  return status === 'now'
    ? copy.vacationNow(vacationDay(vacation.endsOn, today))
    : copy.vacationAhead(
        vacationDay(vacation.startsOn, today),
        vacationDay(vacation.endsOn, today),
      );
}
