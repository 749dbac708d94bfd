/**
 * What a queued habit edit or week-start change does to the cached completions (docs/offline.md).
 * A new frequency re-keys the habit's completions into the new periods on the server, and a new
 * week start re-keys every weekly habit's, merging those that then share a period (core's
 * regroup.ts, in the change's own transaction). The cache holds completions as several windows
 * (['completions', from, to]), not as one list, so this is not a list change: the same regrouping
 * is made in every window when the user acts, and again in each window fetched while the entry
 * waits (keep-pending.ts). Without it a daily habit done today and made weekly offline showed
 * "Mark Complete" for a week already done.
 */
import type { CompletionEntry } from '@habitquest/contracts/completion-columns';
import type { Habit } from '@habitquest/contracts/habits';
import type { QueueEntry } from '@habitquest/core/offline-queue';
import { FREQUENCIES, type Frequency, type WeekStart } from '@habitquest/core/periods';
import { regroupCompletions } from '@habitquest/core/regroup';
import { patch, type Patch } from '../../lib/optimistic';
import { habitKeys } from '../habits/queries';
import { SETTINGS_ENTRY } from '../settings/settings-entry';

export type CompletionsChange = {
  op: 'regroup';
  /** The habits whose completions are keyed again, each with the frequency they now have. */
  habits: { habitId: string; frequency: Frequency }[];
  /** The week start the server will key them by: the user's when they acted. */
  weekStart: WeekStart;
};

/** The habits that regroup under a new week start: the weekly ones. */
export function weekStartChange(
  weekStart: WeekStart,
  habits: readonly Pick<Habit, 'id' | 'frequency'>[],
): CompletionsChange | null {
  const weekly = habits.filter((habit) => habit.frequency === 'weekly');
  if (weekly.length === 0) return null;
  return {
    op: 'regroup',
    habits: weekly.map((habit) => ({ habitId: habit.id, frequency: habit.frequency })),
    weekStart,
  };
}

/**
 * A window of completions regrouped as the server will regroup them. Only what the window holds
 * can be merged: a period cut by the window's edge merges the part inside it. Nothing to move
 * gives back the same list.
 */
export function applyCompletionsChange(
  list: CompletionEntry[],
  change: CompletionsChange,
): CompletionEntry[] {
  const removed = new Set<number>();
  const updated = new Map<
    number,
    Pick<CompletionEntry, 'periodKey' | 'xpEarned' | 'pointsEarned'>
  >();
  for (const { habitId, frequency } of change.habits) {
    // The window's entries have no ids: each is named by its place in the list.
    const stored = list.flatMap((completion, index) =>
      completion.habitId === habitId ? [{ ...completion, id: String(index).padStart(8, '0') }] : [],
    );
    const { updates, removals } = regroupCompletions(stored, frequency, change.weekStart);
    for (const id of removals) removed.add(Number(id));
    for (const { id, ...fields } of updates) updated.set(Number(id), fields);
  }
  if (removed.size === 0 && updated.size === 0) return list;
  return list.flatMap((completion, index) => {
    if (removed.has(index)) return [];
    const fields = updated.get(index);
    return [fields ? { ...completion, ...fields } : completion];
  });
}

/** The same regrouping in every cached window of completions: the optimistic change. */
export function completionsPatch(change: CompletionsChange): Patch {
  return patch<CompletionEntry[]>(habitKeys.allCompletions, (list) =>
    list ? applyCompletionsChange(list, change) : list,
  );
}

/**
 * The completions changes an outbox entry makes, in order: those a habit edit stored, or the
 * regrouping of the weekly habits (as `habits` lists them now) by a settings change's week start.
 * None for anything else, or for a stored shape that does not read as one.
 */
export function completionsChangesOf(
  entry: QueueEntry,
  habits: readonly Pick<Habit, 'id' | 'frequency'>[],
): CompletionsChange[] {
  const payload = entry.payload as Record<string, unknown> | null;
  if (typeof payload !== 'object' || payload === null) return [];
  if (entry.type === SETTINGS_ENTRY) {
    if (!isWeekStart(payload.weekStart)) return [];
    const change = weekStartChange(payload.weekStart, habits);
    return change ? [change] : [];
  }
  const { completions } = payload;
  return Array.isArray(completions) ? completions.filter(isCompletionsChange) : [];
}

export function isCompletionsChange(value: unknown): value is CompletionsChange {
  if (typeof value !== 'object' || value === null) return false;
  const change = value as Record<string, unknown>;
  return (
    change.op === 'regroup' &&
    isWeekStart(change.weekStart) &&
    Array.isArray(change.habits) &&
    change.habits.every(isRegroupedHabit)
  );
}

function isRegroupedHabit(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const habit = value as Record<string, unknown>;
  return typeof habit.habitId === 'string' && FREQUENCIES.includes(habit.frequency as Frequency);
}

function isWeekStart(value: unknown): value is WeekStart {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 6;
}
