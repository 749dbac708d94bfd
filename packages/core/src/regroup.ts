/**
 * A habit's history survives a change of frequency or of the user's week start: its completions are
 * re-keyed by their dates into the periods of the new frequency. Where several fall into one new
 * period they merge into one completion — the earliest — that keeps the sum of the XP and points
 * they awarded, so nothing is paid twice, nothing is taken back, and undoing the merged completion
 * still returns exactly what was given.
 */
import type { LocalDate } from './dates';
import { periodKey, type Frequency, type WeekStart } from './periods';

export type StoredCompletion = {
  id: string;
  completionDate: LocalDate;
  periodKey: string;
  xpEarned: number;
  pointsEarned: number;
};

export type Regrouping = {
  /** Completions that stay, with their new key and sums; only those that change are listed. */
  updates: { id: string; periodKey: string; xpEarned: number; pointsEarned: number }[];
  /** Completions merged into another one of the same new period. */
  removals: string[];
  /** Number of completions each new period holds after the change (for the edit dialog's copy). */
  periods: number;
};

export function regroupCompletions(
  completions: readonly StoredCompletion[],
  frequency: Frequency,
  weekStart: WeekStart,
): Regrouping {
  const byKey = new Map<string, StoredCompletion[]>();
  for (const completion of completions) {
    const key = periodKey(completion.completionDate, frequency, weekStart);
    const group = byKey.get(key);
    if (group) group.push(completion);
    else byKey.set(key, [completion]);
  }
  const updates: Regrouping['updates'] = [];
  const removals: string[] = [];
  for (const [key, group] of byKey) {
    const [survivor, ...merged] = group.toSorted(
      (a, b) =>
        a.completionDate.localeCompare(b.completionDate) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    if (!survivor) continue;
    const xpEarned = group.reduce((sum, completion) => sum + completion.xpEarned, 0);
    const pointsEarned = group.reduce((sum, completion) => sum + completion.pointsEarned, 0);
    if (
      survivor.periodKey !== key ||
      survivor.xpEarned !== xpEarned ||
      survivor.pointsEarned !== pointsEarned
    ) {
      updates.push({ id: survivor.id, periodKey: key, xpEarned, pointsEarned });
    }
    removals.push(...merged.map((completion) => completion.id));
  }
  return { updates, removals, periods: byKey.size };
}

/**
 * A backup's habits with their completions keyed for `weekStart` (a file may come from an account
 * whose weeks started on another day), merged where they now share a period, as above.
 */
export function regroupBackupHabits<
  H extends { frequency: Frequency; completions: readonly Omit<StoredCompletion, 'id'>[] },
>(habits: readonly H[], weekStart: WeekStart): H[] {
  return habits.map((habit) => {
    const stored = habit.completions.map((completion, index) => ({
      ...completion,
      id: String(index).padStart(8, '0'),
    }));
    const { updates, removals } = regroupCompletions(stored, habit.frequency, weekStart);
    if (updates.length === 0 && removals.length === 0) return habit;
    const removed = new Set(removals);
    const updated = new Map(updates.map((update) => [update.id, update]));
    const completions = stored
      .filter((completion) => !removed.has(completion.id))
      .map(({ id, ...completion }) => {
        const update = updated.get(id);
        return update
          ? {
              ...completion,
              periodKey: update.periodKey,
              xpEarned: update.xpEarned,
              pointsEarned: update.pointsEarned,
            }
          : completion;
      }) as unknown as H['completions'];
    return { ...habit, completions };
  });
}
