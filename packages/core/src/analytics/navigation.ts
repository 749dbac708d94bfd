/**
 * Year and month navigation of the Analytics Dashboard (docs/product.md): next is disabled beyond the
 * current year, or beyond the current month in the current year; previous year and previous
 * month stop at the account's first year (nothing before it can hold data).
 */
import { parseLocalDate, type LocalDate } from '../dates';

/** A calendar month; `month` is 1–12. */
export type YearMonth = { year: number; month: number };

/** The month before, across a year end (January → December of the year before). */
export function previousMonth(of: YearMonth): YearMonth {
  return of.month === 1 ? { year: of.year - 1, month: 12 } : { year: of.year, month: of.month - 1 };
}

/** The month after, across a year end (December → January of the year after). */
export function nextMonth(of: YearMonth): YearMonth {
  return of.month === 12 ? { year: of.year + 1, month: 1 } : { year: of.year, month: of.month + 1 };
}

/** The month a date falls in. */
export function monthOf(date: LocalDate): YearMonth {
  const { year, month } = parseLocalDate(date);
  return { year, month };
}

/** Whether "previous year" may be pressed while viewing `year`: not before the account's first. */
export function canGoToPreviousYear(year: number, firstYear: number): boolean {
  return year > firstYear;
}

/** Whether "previous month" may be pressed while viewing a month: not before the first January. */
export function canGoToPreviousMonth(year: number, month: number, firstYear: number): boolean {
  return year > firstYear || (year === firstYear && month > 1);
}

/** Whether "next year" may be pressed while viewing `year`: only up to the current year. */
export function canGoToNextYear(year: number, today: LocalDate): boolean {
  return year < parseLocalDate(today).year;
}

/** Whether "next month" may be pressed while viewing a month: only up to the current month. */
export function canGoToNextMonth(year: number, month: number, today: LocalDate): boolean {
  const current = monthOf(today);
  return year * 12 + month < current.year * 12 + current.month;
}
