/**
 * A merge's rest days (merge.ts, docs/product.md "Merge"): skips by habit and period, pauses and
 * vacations as ranges joined where the two sides share a day.
 */
import { addDays, maxDate, minDate } from '../dates';
import { periodKey, type WeekStart } from '../periods';
import type { RestRange } from '../rest';
import {
  MAX_BACKUP_VACATION_DAYS,
  type BackupHabit,
  type BackupPause,
  type BackupSkip,
  type BackupVacation,
} from './schema';

/**
 * Skips of both sides, by habit and period (of the merged habit's frequency): a period completed
 * in the merged data rests no more, so its skips go (the server's rule: a completed period is
 * never skipped); a file's skip in a period that already has one adds nothing (the server keeps
 * one skip per period). The user's skips come first, in their order, then the file's new ones.
 */
export function mergeSkips(
  current: readonly BackupSkip[],
  incoming: readonly BackupSkip[],
  habits: readonly BackupHabit[],
  weekStart: WeekStart,
): BackupSkip[] {
  const byId = new Map(habits.map((habit) => [habit.id, habit]));
  const done = new Map<string, Set<string>>();
  const periodOf = (skip: BackupSkip): string | null => {
    const habit = byId.get(skip.habitId);
    if (habit === undefined) return null;
    let keys = done.get(habit.id);
    if (keys === undefined) {
      // By the completion's date, not its stored key: that may be of another week start.
      keys = new Set(
        habit.completions.map((completion) =>
          periodKey(completion.completionDate, habit.frequency, weekStart),
        ),
      );
      done.set(habit.id, keys);
    }
    const key = periodKey(skip.date, habit.frequency, weekStart);
    return keys.has(key) ? null : `${habit.id}\u0000${key}`;
  };
  const rested = new Set<string>();
  const kept = current.filter((skip) => {
    const period = periodOf(skip);
    if (period === null) return false;
    rested.add(period);
    return true;
  });
  const seen = new Set(current.map(skipKey));
  const added = incoming.filter((skip) => {
    const period = periodOf(skip);
    if (period === null || rested.has(period) || seen.has(skipKey(skip))) return false;
    rested.add(period);
    return true;
  });
  return [...kept, ...added];
}

/**
 * Both sides' pauses (joinRanges, a habit's with its own): every day either side pauses a habit
 * stays paused, and what the merge writes overlaps no other pause of the habit, so its pauses
 * agree on when it resumes.
 */
export function mergePauses(
  current: readonly BackupPause[],
  incoming: readonly BackupPause[],
): BackupPause[] {
  return joinRanges(current, incoming, (a, b) => a.habitId === b.habitId);
}

/**
 * Both sides' vacations (joinRanges). A joined vacation longer than MAX_BACKUP_VACATION_DAYS is
 * cut into pieces of that length, so that the next export still imports.
 */
export function mergeVacations(
  current: readonly BackupVacation[],
  incoming: readonly BackupVacation[],
): BackupVacation[] {
  const joined = joinRanges<RestRange>(current, incoming, () => true);
  return joined.flatMap(({ startsOn, endsOn }) => {
    // Joined vacations end: every range joined had an end.
    const last = endsOn ?? startsOn;
    const pieces: BackupVacation[] = [];
    for (let from = startsOn; from <= last; from = addDays(from, MAX_BACKUP_VACATION_DAYS)) {
      const to = minDate(last, addDays(from, MAX_BACKUP_VACATION_DAYS - 1));
      pieces.push({ startsOn: from, endsOn: to });
    }
    return pieces;
  });
}

/**
 * The user's ranges, with the file's added: one that a range of the same owner (`together`)
 * already holds adds nothing; one that overlaps others takes their place as a single range over
 * all their days (and over any range that single one then overlaps); any other is added as it is.
 * The user's ranges stay as they are where the file touches none of them, so merging a file into
 * the data it came from changes nothing, and merging it twice is merging it once.
 */
function joinRanges<T extends RestRange>(
  current: readonly T[],
  incoming: readonly T[],
  together: (a: T, b: T) => boolean,
): T[] {
  let ranges: T[] = [...current];
  for (const range of incoming) {
    const mates = ranges.filter((held) => together(held, range));
    if (mates.some((held) => holds(held, range))) continue;
    let joined: T = range;
    let swallowed: T[] = [];
    for (;;) {
      const overlapping = mates.filter((held) => overlaps(held, joined));
      if (overlapping.length === swallowed.length) break;
      swallowed = overlapping;
      joined = spanOf(range, overlapping);
    }
    // The joined range stands where the first range it swallowed stood, or last.
    const first = swallowed[0];
    const at = first === undefined ? ranges.length : ranges.indexOf(first);
    ranges = ranges.filter((held) => !swallowed.includes(held));
    ranges.splice(at, 0, joined);
  }
  return ranges;
}

/** `range` stretched over every day of `others` (and the days between). */
function spanOf<T extends RestRange>(range: T, others: readonly T[]): T {
  const all = [range, ...others];
  return {
    ...range,
    startsOn: all.map((item) => item.startsOn).reduce(minDate),
    endsOn: all.some((item) => item.endsOn === null)
      ? null
      : all.map((item) => item.endsOn ?? item.startsOn).reduce(maxDate),
  };
}

/** Whether every day of `inner` is a day of `outer`. */
function holds(outer: RestRange, inner: RestRange): boolean {
  return (
    outer.startsOn <= inner.startsOn &&
    (outer.endsOn === null || (inner.endsOn !== null && inner.endsOn <= outer.endsOn))
  );
}

/** Whether two ranges share a day. */
function overlaps(a: RestRange, b: RestRange): boolean {
  return (
    (a.endsOn === null || b.startsOn <= a.endsOn) && (b.endsOn === null || a.startsOn <= b.endsOn)
  );
}

function skipKey(skip: BackupSkip): string {
  return `${skip.habitId}\u0000${skip.date}`;
}
