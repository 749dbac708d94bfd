import { MAX_VACATION_DAYS, type Vacation } from '@habitquest/contracts/rest';
import { daysBetween, isLocalDate, type LocalDate } from '@habitquest/core/dates';
import { restCopy as copy } from './copy';

export type VacationErrors = { startsOn?: string; endsOn?: string };

/** The range's problems, in the panel's words (the server says the same in its own). */
export function checkVacation(
  startsOn: string,
  endsOn: string,
  today: LocalDate,
): { vacation: Vacation | null; errors: VacationErrors } {
  if (!isLocalDate(startsOn)) return { vacation: null, errors: { startsOn: copy.vacationPickDay } };
  if (!isLocalDate(endsOn)) return { vacation: null, errors: { endsOn: copy.vacationPickDay } };
  if (endsOn < startsOn) return { vacation: null, errors: { endsOn: copy.vacationOrder } };
  if (daysBetween(startsOn, endsOn) + 1 > MAX_VACATION_DAYS) {
    return { vacation: null, errors: { endsOn: copy.vacationTooLong(MAX_VACATION_DAYS) } };
  }
  if (endsOn < today) return { vacation: null, errors: { endsOn: copy.vacationOver } };
  return { vacation: { startsOn, endsOn }, errors: {} };
}
