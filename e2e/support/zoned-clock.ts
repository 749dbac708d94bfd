/**
 * Instants and local dates in a given IANA zone, worked out here with Intl only (no app code), so
 * the time zone specs check the app against an independent reckoning.
 */

const DAY_MS = 86_400_000;

function formatter(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** The wall clock of an instant in `timeZone`, read as if it were UTC (ms). */
function wallClock(instant: number, timeZone: string): number {
  const parts = formatter(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value ?? 0);
  return Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
}

/** The zone's offset from UTC at an instant, in minutes (east positive). */
export function offsetMinutes(instant: number, timeZone: string): number {
  return Math.round((wallClock(instant, timeZone) - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** YYYY-MM-DD of an instant in `timeZone`. */
export function localDateIn(timeZone: string, instant: number): string {
  return new Date(wallClock(instant, timeZone)).toISOString().slice(0, 10);
}

/** YYYY-MM-DD of an instant in UTC. */
export function utcDate(instant: number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant at which the wall clock in `timeZone` reads `date` `time` (HH:MM). */
export function instantAt(timeZone: string, date: string, time: string): number {
  const target = Date.parse(`${date}T${time}:00Z`);
  let guess = target;
  // Two corrections settle it, also on a DST day (the offset differs either side).
  for (let i = 0; i < 3; i += 1) guess += target - wallClock(guess, timeZone);
  return guess;
}

/**
 * The most recent day strictly before today (in `timeZone`) on which its clocks changed, so the
 * server (which refuses future dates by the real clock) accepts completions on it and the next day.
 */
export function lastDstChangeDay(timeZone: string, now = Date.now()): string {
  const today = localDateIn(timeZone, now);
  for (let back = 1; back <= 400; back += 1) {
    const date = addDays(today, -back);
    const start = instantAt(timeZone, date, '00:00');
    const end = instantAt(timeZone, date, '23:59');
    if (offsetMinutes(start, timeZone) !== offsetMinutes(end, timeZone)) return date;
  }
  throw new Error(`No clock change in ${timeZone} within 400 days`);
}

/** 'November 2026' for a date: the calendar's month heading. */
export function monthHeading(date: string): string {
  return new Date(`${date.slice(0, 7)}-15T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** 'Sunday, November 1, 2026': a calendar day button's label. */
export function fullDayLabel(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
