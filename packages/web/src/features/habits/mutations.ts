/**
 * Habit mutations: optimistic, rolled back with a toast on failure (docs/product.md, CONTRIBUTING.md).
 */
import type { Completion, Habit, HabitCreate, HabitUpdate } from '@habitquest/contracts/habits';
import type { Me } from '@habitquest/contracts/me';
import { pointsForXp, progressFigures } from '@habitquest/core/levels';
import { periodKey, type WeekStart } from '@habitquest/core/periods';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { playSound } from '../audio/engine';
import { ApiError, call } from '../../lib/api';
import { invalidateFor } from '../live/use-live-updates';
import { routes } from '@habitquest/contracts/routes';
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

function patchCompletions(client: QueryClient, toggle: Toggle, key: string): void {
  client.setQueriesData<Completion[]>({ queryKey: habitKeys.allCompletions }, (list) => {
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
  });
}

export function useSetCompletion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (toggle: Toggle) =>
      call(routes.setCompletion, {
        params: { id: toggle.habit.id, date: toggle.date },
        body: { completed: toggle.completed },
        idempotencyKey: crypto.randomUUID(),
      }),
    onMutate: async (toggle) => {
      const key = periodKey(toggle.date, toggle.habit.frequency, toggle.weekStart);
      await client.cancelQueries({ queryKey: habitKeys.allCompletions });
      const completions = client.getQueriesData<Completion[]>({
        queryKey: habitKeys.allCompletions,
      });
      const me = client.getQueryData<Me>(meQuery.queryKey);
      patchCompletions(client, toggle, key);
      if (me) {
        const xp = toggle.habit.xpOnComplete;
        const sign = toggle.completed ? 1 : -1;
        client.setQueryData(meQuery.queryKey, moveProgress(me, sign * xp, sign * pointsForXp(xp)));
      }
      return { completions, me };
    },
    onError: (error, _toggle, context) => {
      for (const [queryKey, data] of context?.completions ?? [])
        client.setQueryData(queryKey, data);
      if (context?.me) client.setQueryData(meQuery.queryKey, context.me);
      toast.error(
        error instanceof ApiError && error.code === 'VALIDATION'
          ? error.message
          : copy.toggleFailed,
      );
    },
    onSuccess: (result, toggle) => {
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
    // What the events of PUT …/completions/:date refresh (this tab skips their echo).
    onSettled: () => invalidateFor(client, 'completions', 'progress'),
  });
}

/** Toggles a completion unless the same habit and period is already on its way. */
export function useToggleCompletion() {
  const mutation = useSetCompletion();
  return (toggle: Toggle): void => {
    const flight = `${toggle.habit.id}:${periodKey(toggle.date, toggle.habit.frequency, toggle.weekStart)}`;
    if (inFlight.has(flight)) return;
    inFlight.add(flight);
    mutation.mutate(toggle, {
      onSettled: () => {
        inFlight.delete(flight);
      },
    });
  };
}

export function useCreateHabit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: HabitCreate) =>
      call(routes.createHabit, { body: input, idempotencyKey: crypto.randomUUID() }),
    onMutate: async (input) => {
      await client.cancelQueries({ queryKey: habitKeys.all });
      const previous = client.getQueryData<Habit[]>(habitKeys.all);
      const draft: Habit = {
        id: `optimistic-${crypto.randomUUID()}`,
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
      client.setQueryData<Habit[]>(habitKeys.all, (list) => [draft, ...(list ?? [])]);
      return { previous, draftId: draft.id };
    },
    onError: (_error, _input, context) => {
      if (context) client.setQueryData(habitKeys.all, context.previous);
    },
    onSuccess: (habit, _input, context) => {
      client.setQueryData<Habit[]>(habitKeys.all, (list) =>
        list?.map((h) => (h.id === context.draftId ? habit : h)),
      );
    },
    onSettled: () => invalidateFor(client, 'habits'),
  });
}

export function useUpdateHabit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: HabitUpdate }) =>
      call(routes.updateHabit, { params: { id }, body: patch }),
    onMutate: async ({ id, patch }) => {
      await client.cancelQueries({ queryKey: habitKeys.all });
      const previous = client.getQueryData<Habit[]>(habitKeys.all);
      client.setQueryData<Habit[]>(habitKeys.all, (list) =>
        list?.map((h) => (h.id === id ? { ...h, ...definedOf(patch) } : h)),
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context) client.setQueryData(habitKeys.all, context.previous);
    },
    onSuccess: (habit) => {
      client.setQueryData<Habit[]>(habitKeys.all, (list) =>
        list?.map((h) => (h.id === habit.id ? habit : h)),
      );
    },
    // A new frequency regroups the habit's completions on the server.
    onSettled: (_habit, _error, { patch }) =>
      patch.frequency === undefined
        ? invalidateFor(client, 'habits')
        : invalidateFor(client, 'habits', 'completions'),
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
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(routes.deleteHabit, { params: { id } }),
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey: habitKeys.all });
      const previous = client.getQueryData<Habit[]>(habitKeys.all);
      client.setQueryData<Habit[]>(habitKeys.all, (list) => list?.filter((h) => h.id !== id));
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) client.setQueryData(habitKeys.all, context.previous);
      toast.error(copy.deleteFailed);
    },
    onSettled: () => invalidateFor(client, 'habits', 'completions'),
  });
}
