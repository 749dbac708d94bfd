/**
 * Dates and numbers written the way the user's browser writes them (its preferred language), one
 * formatter per style, each made once. The words around them stay the product's English copy.
 *
 * A LocalDate (YYYY-MM-DD) is a calendar date, not an instant: it is read at noon UTC and written
 * in UTC, so no time zone can move it to the day before or after.
 */
import type { LocalDate } from '@habitquest/core/dates';

/** The browser's first preferred language, or en-US where there is none (tests in Node). */
export const LOCALE: string =
  typeof navigator === 'undefined' || !navigator.language ? 'en-US' : navigator.language;

const DATE_STYLES = {
  /** Monday, November 23, 2026 */
  full: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  /** November 2026 */
  monthYear: { month: 'long', year: 'numeric' },
  /** Mon, Nov 23 */
  weekdayShort: { weekday: 'short', month: 'short', day: 'numeric' },
  /** Mon, Nov 23, 2026 */
  weekdayShortWithYear: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
  /** Nov 23 */
  monthDay: { month: 'short', day: 'numeric' },
  /** Nov 23, 2026 */
  monthDayYear: { month: 'short', day: 'numeric', year: 'numeric' },
  /** November 23 */
  dayMonthLong: { month: 'long', day: 'numeric' },
  /** November 23, 2026 */
  dayMonthLongYear: { month: 'long', day: 'numeric', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;

const dateFormats = new Map<DateStyle, Intl.DateTimeFormat>();
const numberFormat = new Intl.NumberFormat(LOCALE);

/** A calendar date in one of the app's styles. */
export function formatDate(date: LocalDate, style: DateStyle): string {
  let format = dateFormats.get(style);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, { ...DATE_STYLES[style], timeZone: 'UTC' });
    dateFormats.set(style, format);
  }
  return format.format(new Date(`${date}T12:00:00Z`));
}

/** A month of a year ('November 2026'). */
export function formatMonth(year: number, month: number): string {
  return formatDate(`${String(year)}-${String(month).padStart(2, '0')}-15`, 'monthYear');
}

const compactFormat = new Intl.NumberFormat(LOCALE, {
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** A number in a few characters ('12.5K', '1.2M'), for a figure on a phone's narrow tile. */
export function formatCompact(value: number): string {
  return compactFormat.format(value);
}

/** A whole number with the locale's grouping ('12,345'). */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

const instantFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment as date and time in a time zone ('Nov 23, 2026, 9:05 PM'). */
export function formatInstant(instant: Date, timeZone: string): string {
  let format = instantFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
    });
    instantFormats.set(timeZone, format);
  }
  return format.format(instant);
}
