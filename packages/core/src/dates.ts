/**
 * Calendar dates without a time zone ("local dates", YYYY-MM-DD) and the few conversions
 * HabitQuest needs. Arithmetic runs on epoch days, so no daylight-saving rule can shift a date.
 */

/** A calendar date in the user's own time zone, formatted YYYY-MM-DD. */
export type LocalDate = string;

/** Year, month (1–12) and day of a local date; throws on a malformed one. */
export function parseLocalDate(date: LocalDate): { year: number; month: number; day: number } {
  // Hand-rolled instead of a regex: streaks and analytics parse thousands of dates per request.
  if (date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) {
    throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  }
  const year = digits(date, 0, 4);
  const month = digits(date, 5, 7);
  const day = digits(date, 8, 10);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new RangeError(`Not a calendar date: ${date}`);
  }
  return { year, month, day };
}

/** The number written in text[from, to), or −1 when a character is not a digit. */
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let index = from; index < to; index += 1) {
    const code = text.charCodeAt(index) - 48;
    if (code < 0 || code > 9) return -1;
    value = value * 10 + code;
  }
  return value;
}

/** True for a well-formed, real calendar date such as 2024-02-29 (and not 2023-02-29). */
export function isLocalDate(value: unknown): value is LocalDate {
  if (typeof value !== 'string') return false;
  try {
    parseLocalDate(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * The years a date may have when it comes from outside (a request, an import file). Real
 * calendar dates beyond them break things further in: year 0 does not exist in PostgreSQL, and a
 * week or month after 9999-12-31 has no YYYY-MM-DD form. 1900–2200 is far wider than any habit
 * history, and far enough from both edges that every period around an accepted date (its week,
 * month and year, the weeks an analytics view shows) still has a valid form.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;
export const DATE_RANGE_MESSAGE = `must be a real date from ${String(MIN_YEAR)}-01-01 to ${String(MAX_YEAR)}-12-31 (YYYY-MM-DD)`;

/** A real calendar date with a year from MIN_YEAR to MAX_YEAR. */
export function isSupportedDate(value: unknown): value is LocalDate {
  if (!isLocalDate(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

/** An ISO 8601 instant whose date part (as written) has a year from MIN_YEAR to MAX_YEAR. */
export function isSupportedInstant(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return /^\d{4}-/.test(value) && year >= MIN_YEAR && year <= MAX_YEAR;
}

export function formatLocalDate(year: number, month: number, day: number): LocalDate {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Days since 1970-01-01 (proleptic Gregorian; H. Hinnant's days-from-civil, no Date object). */
export function toEpochDay(date: LocalDate): number {
  const { year, month, day } = parseLocalDate(date);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The date `epochDay` days after 1970-01-01 (civil-from-days). */
export function fromEpochDay(epochDay: number): LocalDate {
  const z = epochDay + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shifted = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shifted + 2) / 5) + 1;
  const month = shifted < 10 ? shifted + 3 : shifted - 9;
  return formatLocalDate(yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day);
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return fromEpochDay(toEpochDay(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  return toEpochDay(to) - toEpochDay(from);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: LocalDate): number {
  // 1970-01-01 was a Thursday (4).
  return (((toEpochDay(date) + 4) % 7) + 7) % 7;
}

/** Every date from `from` to `to`, both included; empty when `to` is before `from`. */
export function datesBetween(from: LocalDate, to: LocalDate): LocalDate[] {
  const start = toEpochDay(from);
  const end = toEpochDay(to);
  const dates: LocalDate[] = [];
  for (let day = start; day <= end; day += 1) dates.push(fromEpochDay(day));
  return dates;
}

export function minDate(a: LocalDate, b: LocalDate): LocalDate {
  return a <= b ? a : b;
}

export function maxDate(a: LocalDate, b: LocalDate): LocalDate {
  return a >= b ? a : b;
}

/** The wall-clock reading of an instant in an IANA time zone. */
export type ZonedTime = { date: LocalDate; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when the runtime knows the IANA zone (e.g. "Europe/Berlin"). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  try {
    formatterFor(value);
    return true;
  } catch {
    return false;
  }
}

export function zonedTime(instant: Date | number, timeZone: string): ZonedTime {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  return {
    date: formatLocalDate(get('year'), get('month'), get('day')),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/**
 * Per zone, the second last asked about and its date. Every server request asks for "today" in
 * its user's zone, and `formatToParts` costs about 20 µs: requests within the same second share
 * one answer. A second cannot straddle a date change: every offset in the time zone database is
 * a whole number of seconds, so local midnight always falls on the start of a UTC second.
 */
const lastDateOfZone = new Map<string, { second: number; date: LocalDate }>();

/** The calendar date an instant falls on in the given time zone. */
export function localDateOf(instant: Date | number, timeZone: string): LocalDate {
  const second = Math.floor(Number(instant) / 1000);
  const last = lastDateOfZone.get(timeZone);
  if (last?.second === second) return last.date;
  const { date } = zonedTime(instant, timeZone);
  lastDateOfZone.set(timeZone, { second, date });
  return date;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}
