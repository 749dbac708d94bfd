/**
 * Queued completions stay on screen (docs/offline.md: "the change shows at once, waits in the
 * outbox"). Completions fetched while changes wait (a refetch on reconnect, after another entry
 * settled, or for another device's live update) are the server's, without them: each fetched
 * list gets the queued changes applied again, as the toggle did. Without this the screen showed
 * the old state while the badge said "pending", and a click meant to undo what it showed was
 * taken as the opposite change. Progress figures are left to the server until the queue empties.
 */
import type { Completion, Habit } from '@habitquest/contracts/habits';
import type { Me } from '@habitquest/contracts/me';
import { pointsForXp } from '@habitquest/core/levels';
import { isSetCompletionEntry, type SetCompletionPayload } from '@habitquest/core/offline-queue';
import { periodKey } from '@habitquest/core/periods';
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { outboxEntries } from '../../lib/outbox';

/** Watches the query cache; returns the unsubscribe function. */
export function keepPendingShown(client: QueryClient): () => void {
  return client.getQueryCache().subscribe((event) => {
    // Fetched data only: setQueryData (the toggle's patch, and this one) is `manual`.
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    const query = event.query as Query;
    const { queryKey } = query;
    if (queryKey[0] !== 'completions') return;
    const pending = outboxEntries().flatMap((entry) =>
      isSetCompletionEntry(entry) ? [entry.payload] : [],
    );
    if (pending.length === 0) return;
    const list = query.state.data;
    if (!Array.isArray(list)) return;
    client.setQueryData(queryKey, withPending(list as Completion[], pending, client, queryKey));
  });
}

function withPending(
  list: Completion[],
  pending: readonly SetCompletionPayload[],
  client: QueryClient,
  queryKey: QueryKey,
): Completion[] {
  const habits = client.getQueryData<Habit[]>(['habits']) ?? [];
  const weekStart = client.getQueryData<Me>(['me'])?.settings.weekStart ?? 0;
  const [, from, to] = queryKey;
  const isInRange = (date: string) =>
    (typeof from !== 'string' || date >= from) && (typeof to !== 'string' || date <= to);
  let next = list;
  for (const payload of pending) {
    const habit = habits.find((h) => h.id === payload.habitId);
    if (!habit) continue;
    const key = periodKey(payload.date, habit.frequency, weekStart);
    next = next.filter((c) => !(c.habitId === habit.id && c.periodKey === key));
    if (!payload.completed || !isInRange(payload.date)) continue;
    next = [
      ...next,
      {
        id: `optimistic-${habit.id}-${key}`,
        habitId: habit.id,
        completionDate: payload.date,
        periodKey: key,
        xpEarned: habit.xpOnComplete,
        pointsEarned: pointsForXp(habit.xpOnComplete),
        completedAt: new Date().toISOString(),
      },
    ];
  }
  return next;
}
