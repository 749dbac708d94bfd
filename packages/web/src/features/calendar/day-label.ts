import { parseLocalDate, type LocalDate } from '@habitquest/core/dates';
import { formatDate } from '../../lib/format';

/**
 * A day named briefly, 'Mon, Nov 23', with the year when it is not `today`'s ('Mon, Nov 23,
 * 2025'). The date is read as a calendar date: formatting at noon UTC in UTC never shifts it.
 */
export function shortDayLabel(date: LocalDate, today: LocalDate): string {
  const isSameYear = parseLocalDate(date).year === parseLocalDate(today).year;
  return formatDate(date, isSameYear ? 'weekdayShort' : 'weekdayShortWithYear');
}
