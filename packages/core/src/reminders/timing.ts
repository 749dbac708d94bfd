/**
 * Time helpers of the reminder planner (plan.ts): local wall-clock times as instants across
 * DST, the user's habitual hours, the weekly activity score, and a per-day seeded generator.
 */
import { addDays, toEpochDay, zonedTime, type LocalDate } from '../dates';

export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The spec's habitual hours when the history says nothing (docs/product.md). */
export const DEFAULT_HABITUAL_HOURS: readonly number[] = [9, 14, 19];

export type HourWindow = { start: number; end: number };

/** True when a local hour lies in [start, end). */
export function isInWindow(hour: number, window: HourWindow): boolean {
  return hour >= window.start && hour < window.end;
}

/**
 * The instant a local wall-clock time occurs in `timeZone`. A time skipped by a DST jump maps to
 * the same distance past the jump (02:30 on a spring-forward night is 03:30); a time that occurs
 * twice maps to its first occurrence. Both as Temporal's "compatible" disambiguation.
 */
export function instantAt(date: LocalDate, hour: number, minute: number, timeZone: string): Date {
  const wall = toEpochDay(date) * DAY_MS + hour * HOUR_MS + minute * MINUTE_MS;
  // The offsets a day either side are the only ones this wall time can have: no zone changes its
  // offset twice within two days. (Twelve hours was too near: for a zone 12 or more hours from
  // UTC both samples fell on the same side of a change, and a skipped time came out an hour off.)
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const exact = [wall - before, wall - after].filter((t) => wallClockOf(t, timeZone) === wall);
  return new Date(exact.length > 0 ? Math.min(...exact) : wall - before);
}

/** Percent (rounded) of the last 7 local days, today included, with at least one session. */
export function weeklyActivityScore(
  dailySessions: Readonly<Partial<Record<LocalDate, number>>>,
  today: LocalDate,
): number {
  let active = 0;
  for (let back = 0; back < 7; back += 1) {
    if ((dailySessions[addDays(today, -back)] ?? 0) > 0) active += 1;
  }
  return Math.round((active / 7) * 100);
}

/** How many completions fell in each local hour (0–23) of `timeZone`, from their instants. */
export function completionsByHour(
  completionTimes: Readonly<Partial<Record<string, readonly number[]>>>,
  timeZone: string,
): Map<number, number> {
  const counts = new Map<number, number>();
  for (const times of Object.values(completionTimes)) {
    for (const time of times ?? []) {
      const { hour } = zonedTime(time, timeZone);
      counts.set(hour, (counts.get(hour) ?? 0) + 1);
    }
  }
  return counts;
}

/**
 * The user's top 3 local completion hours inside the window (ties: the earlier hour), padded
 * with the defaults 9, 14, 19 that fit the window when the history is thin. From the count of
 * completions in each local hour (completionsByHour, or a database's count).
 */
export function habitualHoursOf(
  countsByHour: ReadonlyMap<number, number>,
  window: HourWindow,
): number[] {
  const ranked = [...countsByHour]
    .filter(([hour, count]) => count > 0 && isInWindow(hour, window))
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .map(([hour]) => hour);
  const padding = DEFAULT_HABITUAL_HOURS.filter(
    (hour) => isInWindow(hour, window) && !ranked.includes(hour),
  );
  return [...ranked, ...padding].slice(0, 3);
}

/** habitualHours of the completions' instants (what a tab holds). */
export function habitualHours(
  completionTimes: Readonly<Partial<Record<string, readonly number[]>>>,
  timeZone: string,
  window: HourWindow,
): number[] {
  return habitualHoursOf(completionsByHour(completionTimes, timeZone), window);
}

/**
 * A deterministic generator of numbers in [0, 1) (FNV-1a seed, mulberry32). Seeded with the user
 * and the local date, e.g. `${userId}:${date}`, it makes every plan of one day pick the same
 * reminder time, and another one the next day.
 */
export function seededRandom(seed: string): () => number {
  let state = 2_166_136_261;
  for (let i = 0; i < seed.length; i += 1) {
    state = Math.imul(state ^ seed.charCodeAt(i), 16_777_619);
  }
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Milliseconds east of UTC at an instant (to the minute, which every zone in use is). */
function offsetAt(instant: number, timeZone: string): number {
  return wallClockOf(instant, timeZone) - Math.floor(instant / MINUTE_MS) * MINUTE_MS;
}

/** The wall-clock reading of an instant, to the minute, counted as if it were UTC. */
function wallClockOf(instant: number, timeZone: string): number {
  const zoned = zonedTime(instant, timeZone);
  return toEpochDay(zoned.date) * DAY_MS + zoned.hour * HOUR_MS + zoned.minute * MINUTE_MS;
}
