/**
 * Habit mutations: create, edit and delete, optimistic and queued offline (docs/product.md,
 * docs/offline.md). Completions are in completion-mutations.ts.
 */
import type { Category } from '@habitquest/contracts/categories';
import type {
  Habit,
  HabitCreate,
  HabitDeleteResult,
  HabitUpdate,
} from '@habitquest/contracts/habits';
import type { Me } from '@habitquest/contracts/me';
import { routes } from '@habitquest/contracts/routes';
import { compareCategories } from '@habitquest/core/categories';
import { localDateOf } from '@habitquest/core/dates';
import type { QueryClient } from '@tanstack/react-query';
import { categoriesQuery } from '../goals/queries';
import { meQuery } from '../me/queries';
import type { CompletionsChange } from '../offline/completion-changes';
import { putInList, requestTo, useQueuedMutation } from '../offline/queued-mutation';
import { todayOf } from './completion-mutations';
import { habitsCopy as copy } from './copy';
import { habitKeys } from './queries';
import { randomId } from '../../lib/random-id';

/**
 * POST /api/habits, optimistic and queued offline (docs/offline.md): the habit shows at once
 * under the id made here, which the server keeps, so changes made before it syncs refer to it.
 */
export function useCreateHabit() {
  return useQueuedMutation<HabitCreate, Habit>({
    type: 'habit-create',
    prepare: (input, client) => {
      const id = randomId();
      return {
        ...requestTo(routes.createHabit, { body: { ...input, id } }),
        changes: [{ list: 'habits', op: 'put', item: draftHabit(id, input, client) }],
      };
    },
    events: ['habits'],
    // The dialog that sent it shows the server's words (a limit, a bad field).
    failure: () => null,
    onSynced: putInList('habits'),
  });
}

/** The habit as it will be, until the server's arrives. */
function draftHabit(id: string, input: HabitCreate, client: QueryClient): Habit {
  const category = categoryOf(client, input.categoryId);
  return {
    id,
    title: input.title,
    description: input.description,
    frequency: input.frequency,
    categoryId: category?.id ?? null,
    category: category?.name ?? null,
    xpOnComplete: input.xpOnComplete,
    isRecurring: input.isRecurring,
    specificDate: input.isRecurring ? null : input.specificDate,
    color: input.color,
    icon: input.icon,
    streak: 0,
    bestStreak: 0,
    lastCompletedAt: null,
    createdAt: new Date().toISOString(),
    // Created today, in the user's zone (the server's answer says the same).
    countsFrom: todayOf(client) ?? localDateOf(Date.now(), 'UTC'),
    pause: null,
  };
}

/** The category a habit goes into: the one chosen, else the first by name, as the server picks. */
function categoryOf(client: QueryClient, id: string | null): Category | undefined {
  const categories = client.getQueryData<Category[]>(categoriesQuery.queryKey) ?? [];
  if (id !== null) return categories.find((c) => c.id === id);
  return [...categories].filter((c) => !c.isFallback).sort(compareCategories)[0];
}

/** PATCH /api/habits/:id, optimistic and queued offline. */
export function useUpdateHabit() {
  return useQueuedMutation<{ id: string; patch: HabitUpdate }, Habit>({
    type: 'habit-update',
    prepare: ({ id, patch: change }, client) => ({
      ...requestTo(routes.updateHabit, { params: { id }, body: change }),
      changes: [{ list: 'habits', op: 'merge', id, fields: shownFields(change, client) }],
      completions: regroupedBy(id, change, client),
    }),
    // A new frequency regroups the habit's completions on the server.
    events: ({ patch: change }) =>
      change.frequency === undefined ? ['habits'] : ['habits', 'completions'],
    failure: () => null,
    onSynced: putInList('habits'),
  });
}

/**
 * A new frequency regroups the habit's cached completions as the server will (docs/offline.md):
 * by the user's week start as it stands when they act, queued changes included.
 */
function regroupedBy(id: string, change: HabitUpdate, client: QueryClient): CompletionsChange[] {
  const { frequency } = change;
  const weekStart = client.getQueryData<Me>(meQuery.queryKey)?.settings.weekStart;
  const habit = client.getQueryData<Habit[]>(habitKeys.all)?.find((h) => h.id === id);
  if (frequency === undefined || weekStart === undefined || habit?.frequency === frequency)
    return [];
  return [{ op: 'regroup', habits: [{ habitId: id, frequency }], weekStart }];
}

/** What an edit shows at once: the fields given (none blanked), with the category's name. */
function shownFields(change: HabitUpdate, client: QueryClient): Partial<Habit> {
  const category = change.categoryId ? categoryOf(client, change.categoryId) : undefined;
  return Object.fromEntries(
    Object.entries({ ...change, category: category?.name }).filter(
      ([, value]) => value !== undefined,
    ),
  );
}

/** DELETE /api/habits/:id, optimistic and queued offline. */
export function useDeleteHabit() {
  return useQueuedMutation<Habit, HabitDeleteResult>({
    type: 'habit-delete',
    prepare: (habit) => ({
      ...requestTo(routes.deleteHabit, { params: { id: habit.id } }),
      changes: [{ list: 'habits', op: 'remove', id: habit.id }],
    }),
    events: ['habits', 'completions'],
    failure: () => copy.deleteFailed,
  });
}
