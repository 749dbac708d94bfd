/**
 * A user's rest days in one round trip (docs/decisions.md, "Rest"): every skip, pause and vacation,
 * as core's ranges. They are few (a skip is a deliberate act), so all of them are read.
 */
import { addDays, type LocalDate } from '@habitquest/core/dates';
import type { RestRange } from '@habitquest/core/rest';
export { restOfHabit } from '@habitquest/core/rest';
import type { RestFacts } from '@habitquest/core/stats';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { pauses, skips, vacations } from '../db/schema';

/** Core's RestFacts, as filled here: every skip and pause by habit id, and the vacations. */
export type UserRest = RestFacts & {
  skips: Map<string, LocalDate[]>;
  pauses: Map<string, RestRange[]>;
  vacations: RestRange[];
};

/** One skip, pause or vacation as the rest query answers it (dates as text). */
export type RestRow = {
  kind: 's' | 'p' | 'v';
  habit_id: string | null;
  starts_on: string;
  ends_on: string | null;
};

/** Every skip, pause and vacation of the user; `habitId` narrows skips and pauses to one habit. */
export async function loadRest(
  db: Database | Tx,
  userId: string,
  habitId?: string,
): Promise<UserRest> {
  const ofHabit = (column: typeof skips.habitId | typeof pauses.habitId) =>
    habitId === undefined ? sql`` : sql` and ${column} = ${habitId}`;
  const result = await db.execute(sql`
    select 's' as kind, ${skips.habitId} as habit_id, ${skips.skipDate}::text as starts_on, null as ends_on
      from ${skips} where ${skips.userId} = ${userId}${ofHabit(skips.habitId)}
    union all
    select 'p', ${pauses.habitId}, ${pauses.startsOn}::text, ${pauses.endsOn}::text
      from ${pauses} where ${pauses.userId} = ${userId}${ofHabit(pauses.habitId)}
    union all
    select 'v', null, ${vacations.startsOn}::text, ${vacations.endsOn}::text
      from ${vacations} where ${vacations.userId} = ${userId}`);
  // Both drivers answer { rows }.
  return restFromRows((result as { rows: RestRow[] }).rows);
}

/** The user's rest from the rows of the query above (also read by habits/set-state-statement.ts). */
export function restFromRows(rows: readonly RestRow[]): UserRest {
  const rest: UserRest = { skips: new Map(), pauses: new Map(), vacations: [] };
  for (const row of rows) {
    if (row.kind === 'v') {
      rest.vacations.push({ startsOn: row.starts_on, endsOn: row.ends_on });
    } else if (row.kind === 's' && row.habit_id !== null) {
      pushTo(rest.skips, row.habit_id, row.starts_on);
    } else if (row.habit_id !== null) {
      pushTo(rest.pauses, row.habit_id, { startsOn: row.starts_on, endsOn: row.ends_on });
    }
  }
  return rest;
}

export function hasAnyRest(rest: UserRest): boolean {
  return rest.skips.size > 0 || rest.pauses.size > 0 || rest.vacations.length > 0;
}

function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The habit's pause now or ahead, as the wire gives it (null while it is active). */
export function currentPause(
  ranges: readonly RestRange[] | undefined,
  today: LocalDate,
): { startsOn: LocalDate; resumesOn: LocalDate | null } | null {
  let latest: RestRange | null = null;
  for (const range of ranges ?? []) {
    if (range.endsOn !== null && range.endsOn < today) continue;
    if (latest === null || range.startsOn > latest.startsOn) latest = range;
  }
  if (latest === null) return null;
  return {
    startsOn: latest.startsOn,
    resumesOn: latest.endsOn === null ? null : addDays(latest.endsOn, 1),
  };
}

/** The vacation now or ahead (null when none is planned). */
export function currentVacation(
  ranges: readonly RestRange[],
  today: LocalDate,
): { startsOn: LocalDate; endsOn: LocalDate } | null {
  let next: { startsOn: LocalDate; endsOn: LocalDate } | null = null;
  for (const range of ranges) {
    if (range.endsOn === null || range.endsOn < today) continue;
    if (next === null || range.startsOn < next.startsOn)
      next = { startsOn: range.startsOn, endsOn: range.endsOn };
  }
  return next;
}
