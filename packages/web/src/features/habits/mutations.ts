/**
 * Habit mutations: optimistic, rolled back with a toast on failure (docs/product.md, CONTRIBUTING.md).
 */
import type {
  Completion,
  Habit,
  HabitCreate,
  HabitUpdate,
  SetCompletionResult,
} from '@habitquest/contracts/habits';
import type { Me } from '@habitquest/contracts/me';
import { pointsForXp, progressFigures } from '@habitquest/core/levels';
import { setCompletionEntry } from '@habitquest/core/offline-queue';
import { periodKey, type WeekStart } from '@habitquest/core/periods';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { toast } from 'sonner';
import { playSound } from '../audio/engine';
import { ApiError, call } from '../../lib/api';
import { patch, useOptimisticMutation } from '../../lib/optimistic';
import { pathWith, routes } from '@habitquest/contracts/routes';
import { OutboxFullError, type OutboxEntry } from '../../lib/outbox';
import { queueChange, sendQueued } from '../offline/send-queued';
import { meQuery } from '../me/queries';
import { habitsCopy as copy } from './copy';
import { celebrateLevelUp } from './level-up';
import { habitKeys } from './queries';

/** Habit and period keys with a toggle in flight: a second toggle of the same one is ignored. */
const inFlight = new Set<string>();

type Toggle = { habit: Habit; date: string; completed: boolean; weekStart: WeekStart };

export function moveProgress(me: Me, xpDelta: number, pointsDelta: number): Me {
  return {
    ...me,
    progress: progressFigures({
      xp: me.progress.xp + xpDelta,
      points: me.progress.points + pointsDelta,
      streak: me.progress.streak,
    }),
  };
}

/** The completions with the toggled one added (a draft until the server's arrives) or removed. */
function withToggle(
  list: Completion[] | undefined,
  toggle: Toggle,
  key: string,
): Completion[] | undefined {
  if (!list) return list;
  const without = list.filter((c) => !(c.habitId === toggle.habit.id && c.periodKey === key));
  if (!toggle.completed) return without;
  return [
    ...without,
    {
      id: `optimistic-${toggle.habit.id}-${key}`,
      habitId: toggle.habit.id,
      completionDate: toggle.date,
      periodKey: key,
      xpEarned: toggle.habit.xpOnComplete,
      pointsEarned: pointsForXp(toggle.habit.xpOnComplete),
      completedAt: new Date().toISOString(),
    },
  ];
}

/** The outbox entry of a toggle: PUT …/completions/:date {completed}, keyed by its Idempotency-Key. */
function completionEntry(toggle: QueuedToggle): OutboxEntry {
  const payload = { habitId: toggle.habit.id, date: toggle.date, completed: toggle.completed };
  return {
    ...setCompletionEntry(toggle.id, payload, Date.now()),
    method: 'PUT',
    path: pathWith(routes.setCompletion.path, { id: toggle.habit.id, date: toggle.date }),
    body: { completed: toggle.completed },
  };
}

type QueuedToggle = Toggle & { id: string };

/**
 * Completing or undoing goes through the outbox (docs/offline.md): stored before the screen
 * changes, confirmed now when the server answers, else kept and replayed later.
 */
export function useSetCompletion() {
  const client = useQueryClient();
  return useOptimisticMutation({
    mutationFn: (toggle: QueuedToggle) => sendQueued<SetCompletionResult>(toggle.id),
    store: (toggle) => queueChange(completionEntry(toggle)),
    patches: (toggle) => {
      const key = periodKey(toggle.date, toggle.habit.frequency, toggle.weekStart);
      const xp = toggle.habit.xpOnComplete;
      const sign = toggle.completed ? 1 : -1;
      return [
        patch<Completion[]>(habitKeys.allCompletions, (list) => withToggle(list, toggle, key)),
        patch<Me>(
          meQuery.queryKey,
          (me) => me && moveProgress(me, sign * xp, sign * pointsForXp(xp)),
        ),
      ];
    },
    // What the events of PUT …/completions/:date refresh (this tab skips their echo). A queued
    // change refreshes nothing yet: the server does not have it.
    events: (_toggle, sent) => (sent?.kind === 'queued' ? [] : ['completions', 'progress']),
    failure: (error) =>
      error instanceof OutboxFullError || (error instanceof ApiError && error.code === 'VALIDATION')
        ? error.message
        : copy.toggleFailed,
    onSuccess: (sent, toggle) => {
      // Waiting in the outbox: the screen keeps the change; the badge says it is pending.
      if (sent.kind === 'queued') return;
      const result = sent.body;
      const me = client.getQueryData<Me>(meQuery.queryKey);
      if (me) client.setQueryData(meQuery.queryKey, { ...me, progress: result.progress });
      if (result.added) {
        playSound(result.progress.leveledUp ? 'level-up' : 'complete');
        toast.success(copy.habitCompleted, {
          description: copy.habitCompletedText(
            toggle.habit.title,
            result.completion?.xpEarned ?? 0,
            result.completion?.pointsEarned ?? 0,
          ),
          duration: 3000,
        });
      }
      if (result.progress.leveledUp) celebrateLevelUp(result.progress.level);
    },
  });
}

/** Toggles a completion unless the same habit and period is already on its way. */
export function useToggleCompletion() {
  const mutation = useSetCompletion();
  return (toggle: Toggle): void => {
    const flight = `${toggle.habit.id}:${periodKey(toggle.date, toggle.habit.frequency, toggle.weekStart)}`;
    if (inFlight.has(flight)) return;
    inFlight.add(flight);
    mutation.mutate(
      { ...toggle, id: crypto.randomUUID() },
      {
        onSettled: () => {
          inFlight.delete(flight);
        },
      },
    );
  };
}

/** POST /api/habits, optimistic: a draft card shows until the server's habit replaces it. */
export function useCreateHabit() {
  const client = useQueryClient();
  const draftId = useRef('');
  return useOptimisticMutation({
    mutationFn: (input: HabitCreate) =>
      call(routes.createHabit, { body: input, idempotencyKey: crypto.randomUUID() }),
    patches: (input) => {
      draftId.current = `optimistic-${crypto.randomUUID()}`;
      const draft: Habit = {
        id: draftId.current,
        title: input.title,
        description: input.description,
        frequency: input.frequency,
        categoryId: input.categoryId,
        category: null,
        xpOnComplete: input.xpOnComplete,
        isRecurring: input.isRecurring,
        specificDate: input.specificDate,
        color: input.color,
        icon: input.icon,
        streak: 0,
        bestStreak: 0,
        lastCompletedAt: null,
        createdAt: new Date().toISOString(),
      };
      return [patch<Habit[]>(habitKeys.all, (list) => [draft, ...(list ?? [])])];
    },
    events: ['habits'],
    // The dialog that sent it shows the server's words (a limit, a bad field).
    failure: () => null,
    onSuccess: (habit) => {
      client.setQueryData<Habit[]>(habitKeys.all, (list) =>
        list?.map((h) => (h.id === draftId.current ? habit : h)),
      );
    },
  });
}

export function useUpdateHabit() {
  const client = useQueryClient();
  return useOptimisticMutation({
    mutationFn: ({ id, patch: change }: { id: string; patch: HabitUpdate }) =>
      call(routes.updateHabit, { params: { id }, body: change }),
    patches: ({ id, patch: change }) => [
      patch<Habit[]>(habitKeys.all, (list) =>
        list?.map((h) => (h.id === id ? { ...h, ...definedOf(change) } : h)),
      ),
    ],
    // A new frequency regroups the habit's completions on the server.
    events: ({ patch: change }) =>
      change.frequency === undefined ? ['habits'] : ['habits', 'completions'],
    failure: () => null,
    onSuccess: (habit) => {
      client.setQueryData<Habit[]>(habitKeys.all, (list) =>
        list?.map((h) => (h.id === habit.id ? habit : h)),
      );
    },
  });
}

/** A patch without its undefined fields, so spreading it never blanks a value. */
function definedOf(patch: HabitUpdate): Partial<Habit> {
  const { title, frequency, categoryId, xpOnComplete, isRecurring, specificDate } = patch;
  return Object.fromEntries(
    Object.entries({
      title,
      frequency,
      categoryId,
      xpOnComplete,
      isRecurring,
      specificDate,
    }).filter(([, value]) => value !== undefined),
  );
}

export function useDeleteHabit() {
  return useOptimisticMutation({
    mutationFn: (id: string) => call(routes.deleteHabit, { params: { id } }),
    patches: (id) => [patch<Habit[]>(habitKeys.all, (list) => list?.filter((h) => h.id !== id))],
    events: ['habits', 'completions'],
    failure: () => copy.deleteFailed,
  });
}
