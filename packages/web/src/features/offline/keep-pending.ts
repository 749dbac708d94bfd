/**
 * Queued completions stay on screen (docs/offline.md: "the change shows at once, waits in the
 * outbox"). Completions fetched while changes wait (a refetch on reconnect, after another entry
 * settled, or for another device's live update) are the server's, without them: each fetched
 * list gets the queued changes applied again, as the toggle did. Without this the screen showed
 * the old state while the badge said "pending", and a click meant to undo what it showed was
 * taken as the opposite change. The same holds for the lists a queued create, edit or delete
 * touches (list-changes.ts), for the completions a queued frequency or week-start change regroups
 * (completion-changes.ts), for queued settings, skips and vacations (features/rest). Progress
 * figures are left to the server until the queue empties.
 */
import type { CompletionEntry } from '@habitquest/contracts/completion-columns';
import type { Habit } from '@habitquest/contracts/habits';
import type { Me } from '@habitquest/contracts/me';
import type { SettingsPatch } from '@habitquest/contracts/settings';
import { mergeSettings } from '@habitquest/contracts/settings-merge';
import { isSetCompletionEntry } from '@habitquest/core/offline-queue';
import { periodKey } from '@habitquest/core/periods';
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { outboxEntries } from '../../lib/outbox';
import type { Skip } from '@habitquest/contracts/rest';
import { draftCompletion } from '../habits/day-habits';
import { skipPayloadOf, withSkip } from '../rest/skip-entry';
import { vacationPayloadOf } from '../rest/vacation-payload';
import { SETTINGS_ENTRY } from '../settings/settings-entry';
import { applyListChange, isListName, listChangesOf, type ListName } from './list-changes';
import { applyCompletionsChange, completionsChangesOf } from './completion-changes';

/** Watches the query cache; returns the unsubscribe function. */
export function keepPendingShown(client: QueryClient): () => void {
  return client.getQueryCache().subscribe((event) => {
    // Fetched data only: setQueryData (the toggle's patch, and this one) is `manual`.
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    const query = event.query as Query;
    const { queryKey } = query;
    const [root] = queryKey;
    if (queryKey.length === 1 && isListName(root)) {
      keepListChanges(client, root);
      return;
    }
    if (root === 'me') {
      keepSettings(client);
      keepVacation(client);
      return;
    }
    if (root === 'rest' && queryKey[1] === 'skips') {
      keepSkips(client, queryKey);
      return;
    }
    if (root !== 'completions') return;
    const list = query.state.data;
    if (!Array.isArray(list)) return;
    const next = withPending(list as CompletionEntry[], client, queryKey);
    if (next !== list) client.setQueryData(queryKey, next);
  });
}

/** Applies the queued creates, edits and deletes of that list again, in the order made. */
function keepListChanges(client: QueryClient, list: ListName): void {
  const changes = outboxEntries()
    .flatMap(listChangesOf)
    .filter((change) => change.list === list);
  if (changes.length === 0) return;
  client.setQueryData<{ id: string }[]>([list], (rows) =>
    rows ? changes.reduce(applyListChange, rows) : rows,
  );
}

/** Applies the queued settings changes again, in the order made. */
function keepSettings(client: QueryClient): void {
  const patches = outboxEntries().flatMap((entry) =>
    entry.type === SETTINGS_ENTRY ? [entry.payload as SettingsPatch] : [],
  );
  if (patches.length === 0) return;
  client.setQueryData<Me>(['me'], (me) =>
    me ? { ...me, settings: patches.reduce(mergeSettings, me.settings) } : me,
  );
}

/** Applies the queued skips again to a skips window, in the order made. */
function keepSkips(client: QueryClient, queryKey: QueryKey): void {
  const pending = outboxEntries().flatMap((entry) => {
    const payload = skipPayloadOf(entry);
    return payload ? [payload] : [];
  });
  if (pending.length === 0) return;
  const habits = client.getQueryData<Habit[]>(['habits']) ?? [];
  const weekStart = client.getQueryData<Me>(['me'])?.settings.weekStart ?? 0;
  client.setQueryData<Skip[]>(queryKey, (list) =>
    list
      ? pending.reduce((next, payload) => {
          const habit = habits.find((h) => h.id === payload.habitId);
          return habit ? withSkip(next, payload, habit, weekStart) : next;
        }, list)
      : list,
  );
}

/** Shows the last queued vacation change, as it will be once sent. */
function keepVacation(client: QueryClient): void {
  const last = outboxEntries()
    .map(vacationPayloadOf)
    .filter((payload) => payload !== undefined)
    .at(-1);
  if (!last) return;
  client.setQueryData<Me>(['me'], (me) => (me ? { ...me, vacation: last.vacation } : me));
}

/**
 * A window of completions with the queued toggles and regroupings (a habit's new frequency, a
 * new week start: completion-changes.ts) made again, in the order they were made.
 */
function withPending(
  list: CompletionEntry[],
  client: QueryClient,
  queryKey: QueryKey,
): CompletionEntry[] {
  const habits = client.getQueryData<Habit[]>(['habits']) ?? [];
  const weekStart = client.getQueryData<Me>(['me'])?.settings.weekStart ?? 0;
  const [, from, to] = queryKey;
  const isInRange = (date: string) =>
    (typeof from !== 'string' || date >= from) && (typeof to !== 'string' || date <= to);
  let next = list;
  for (const entry of outboxEntries()) {
    if (!isSetCompletionEntry(entry)) {
      next = completionsChangesOf(entry, habits).reduce(applyCompletionsChange, next);
      continue;
    }
    const { payload } = entry;
    const habit = habits.find((h) => h.id === payload.habitId);
    if (!habit) continue;
    const key = periodKey(payload.date, habit.frequency, weekStart);
    next = next.filter((c) => !(c.habitId === habit.id && c.periodKey === key));
    if (!payload.completed || !isInRange(payload.date)) continue;
    next = [...next, draftCompletion(habit, payload.date, key)];
  }
  return next;
}
