/**
 * Periods of a habit's frequency and their keys (docs/decisions.md):
 * daily YYYY-MM-DD, weekly YYYY-Www, monthly YYYY-MM, yearly YYYY.
 *
 * A weekly period is the 7 days starting on the user's week start. Its key carries the ISO week
 * number and ISO year of the Monday inside it, so Monday-start weeks have exactly the ISO keys and
 * every other week start still gets one distinct, sortable key per week.
 */
import {
  addDays,
  daysInMonth,
  formatLocalDate,
  parseLocalDate,
  toEpochDay,
  weekdayOf,
  type LocalDate,
} from './dates';

export const FREQUENCIES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** 0 = Sunday (the default) … 6 = Saturday. */
export type WeekStart = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export const DEFAULT_WEEK_START: WeekStart = 0;

export type DateRange = { start: LocalDate; end: LocalDate };

/** The first day of the week that contains `date`. */
export function weekStartOf(date: LocalDate, weekStart: WeekStart): LocalDate {
  return addDays(date, -((weekdayOf(date) - weekStart + 7) % 7));
}

/** ISO-8601 week-numbering year and week of a date. */
export function isoWeekOf(date: LocalDate): { year: number; week: number } {
  const mondayBased = (weekdayOf(date) + 6) % 7;
  const thursday = addDays(date, 3 - mondayBased);
  const year = parseLocalDate(thursday).year;
  const firstThursday = firstIsoThursday(year);
  return { year, week: 1 + (toEpochDay(thursday) - toEpochDay(firstThursday)) / 7 };
}

export function periodKey(
  date: LocalDate,
  frequency: Frequency,
  weekStart: WeekStart = DEFAULT_WEEK_START,
): string {
  const { year, month } = parseLocalDate(date);
  switch (frequency) {
    case 'daily':
      return date;
    case 'weekly': {
      const iso = isoWeekOf(mondayInside(weekStartOf(date, weekStart), weekStart));
      return `${String(iso.year).padStart(4, '0')}-W${String(iso.week).padStart(2, '0')}`;
    }
    case 'monthly':
      return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    case 'yearly':
      return String(year).padStart(4, '0');
  }
}

const KEY_PATTERNS: Record<Frequency, RegExp> = {
  daily: /^\d{4}-\d{2}-\d{2}$/,
  weekly: /^(\d{4})-W(\d{2})$/,
  monthly: /^(\d{4})-(\d{2})$/,
  yearly: /^(\d{4})$/,
};

/** True when `key` is a well-formed key of that frequency naming a real period. */
export function isPeriodKey(key: string, frequency: Frequency): boolean {
  if (!KEY_PATTERNS[frequency].test(key)) return false;
  try {
    periodRange(key, frequency);
    return true;
  } catch {
    return false;
  }
}

/** First and last date of the period named by `key`. */
export function periodRange(
  key: string,
  frequency: Frequency,
  weekStart: WeekStart = DEFAULT_WEEK_START,
): DateRange {
  switch (frequency) {
    case 'daily':
      parseLocalDate(key);
      return { start: key, end: key };
    case 'weekly': {
      const match = KEY_PATTERNS.weekly.exec(key);
      const year = Number(match?.[1]);
      const week = Number(match?.[2]);
      if (!match || week < 1 || week > isoWeeksInYear(year)) {
        throw new RangeError(`Not a weekly period key: ${key}`);
      }
      const monday = addDays(firstIsoThursday(year), -3 + (week - 1) * 7);
      const start = addDays(monday, -((1 - weekStart + 7) % 7));
      return { start, end: addDays(start, 6) };
    }
    case 'monthly': {
      const match = KEY_PATTERNS.monthly.exec(key);
      const year = Number(match?.[1]);
      const month = Number(match?.[2]);
      if (!match || month < 1 || month > 12) throw new RangeError(`Not a monthly key: ${key}`);
      return {
        start: formatLocalDate(year, month, 1),
        end: formatLocalDate(year, month, daysInMonth(year, month)),
      };
    }
    case 'yearly': {
      if (!KEY_PATTERNS.yearly.test(key)) throw new RangeError(`Not a yearly key: ${key}`);
      const year = Number(key);
      return { start: formatLocalDate(year, 1, 1), end: formatLocalDate(year, 12, 31) };
    }
  }
}

/** The period of `frequency` that contains `date`. */
export function periodRangeOf(
  date: LocalDate,
  frequency: Frequency,
  weekStart: WeekStart = DEFAULT_WEEK_START,
): DateRange {
  return periodRange(periodKey(date, frequency, weekStart), frequency, weekStart);
}

export function isSamePeriod(
  a: LocalDate,
  b: LocalDate,
  frequency: Frequency,
  weekStart: WeekStart = DEFAULT_WEEK_START,
): boolean {
  return periodKey(a, frequency, weekStart) === periodKey(b, frequency, weekStart);
}

/**
 * A period's position on a line where consecutive periods differ by exactly 1. Streaks are runs
 * of consecutive indexes.
 */
export function periodIndex(
  key: string,
  frequency: Frequency,
  weekStart: WeekStart = DEFAULT_WEEK_START,
): number {
  switch (frequency) {
    case 'daily':
      return toEpochDay(key);
    case 'weekly':
      return Math.floor(toEpochDay(periodRange(key, frequency, weekStart).start) / 7);
    case 'monthly': {
      const { year, month } = parseLocalDate(periodRange(key, frequency).start);
      return year * 12 + (month - 1);
    }
    case 'yearly':
      return parseLocalDate(periodRange(key, frequency).start).year;
  }
}

/**
 * The index of the period that contains `date` (the same line as `periodIndex`), computed from the
 * date alone, so it never depends on how a key was stored.
 */
export function periodIndexOf(
  date: LocalDate,
  frequency: Frequency,
  weekStart: WeekStart = DEFAULT_WEEK_START,
): number {
  switch (frequency) {
    case 'daily':
      return toEpochDay(date);
    case 'weekly':
      return Math.floor(toEpochDay(weekStartOf(date, weekStart)) / 7);
    case 'monthly': {
      const { year, month } = parseLocalDate(date);
      return year * 12 + (month - 1);
    }
    case 'yearly':
      return parseLocalDate(date).year;
  }
}

export function previousPeriodKey(
  key: string,
  frequency: Frequency,
  weekStart: WeekStart = DEFAULT_WEEK_START,
): string {
  const { start } = periodRange(key, frequency, weekStart);
  return periodKey(addDays(start, -1), frequency, weekStart);
}

export function nextPeriodKey(
  key: string,
  frequency: Frequency,
  weekStart: WeekStart = DEFAULT_WEEK_START,
): string {
  const { end } = periodRange(key, frequency, weekStart);
  return periodKey(addDays(end, 1), frequency, weekStart);
}

/** Parses a stored week-start setting; anything unknown falls back to Sunday. */
export function toWeekStart(value: unknown): WeekStart {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 6
    ? (value as WeekStart)
    : DEFAULT_WEEK_START;
}

function mondayInside(weekStartDate: LocalDate, weekStart: WeekStart): LocalDate {
  return addDays(weekStartDate, (1 - weekStart + 7) % 7);
}

function firstIsoThursday(year: number): LocalDate {
  const jan4 = formatLocalDate(year, 1, 4);
  const mondayBased = (weekdayOf(jan4) + 6) % 7;
  return addDays(jan4, 3 - mondayBased);
}

function isoWeeksInYear(year: number): number {
  return isoWeekOf(formatLocalDate(year, 12, 28)).week;
}
