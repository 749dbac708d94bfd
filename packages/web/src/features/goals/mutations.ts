/**
 * Category and goal changes (CONTRIBUTING.md): each shows at once in the cache, rolls back with a
 * toast when the server refuses, and refetches what it touched. Success needs no toast: the change
 * is already on screen. Each is queued while offline (docs/offline.md).
 */
import type {
  Category,
  CategoryCreate,
  CategoryDeleteResult,
} from '@habitquest/contracts/categories';
import type { Habit } from '@habitquest/contracts/habits';
import { routes } from '@habitquest/contracts/routes';
import { normalizeCategoryName } from '@habitquest/core/categories';
import { ApiError } from '../../lib/api';
import { putInList, requestTo, useQueuedMutation } from '../offline/queued-mutation';
import type { ListChange } from '../offline/list-changes';
import { habitsQuery } from '../habits/queries';
import { goalsCopy as copy } from './copy';
import { categoriesQuery } from './queries';
import { randomId } from '../../lib/random-id';

/** PATCH /api/categories/:id {monthlyTargetXp}, optimistic. */
export function useUpdateCategoryTarget() {
  return useQueuedMutation<{ id: string; monthlyTargetXp: number }, Category>({
    type: 'category-update',
    prepare: ({ id, monthlyTargetXp }) => ({
      ...requestTo(routes.updateCategory, { params: { id }, body: { monthlyTargetXp } }),
      changes: [{ list: 'categories', op: 'merge', id, fields: { monthlyTargetXp } }],
    }),
    events: ['categories'],
    failure: () => copy.targetFailed,
  });
}

/**
 * POST /api/categories. While the server answers, the dialog stays open until it does, because a
 * duplicate name or the plan limit is shown there rather than flashing a row that then vanishes.
 * Offline it is queued under an id made here, and shows at once.
 */
export function useCreateCategory() {
  return useQueuedMutation<CategoryCreate, Category>({
    type: 'category-create',
    show: 'when-queued',
    prepare: (input) => {
      const id = randomId();
      const draft: Category = {
        id,
        name: normalizeCategoryName(input.name),
        color: input.color,
        monthlyTargetXp: input.monthlyTargetXp,
        isFallback: false,
        createdAt: new Date().toISOString(),
      };
      return {
        ...requestTo(routes.createCategory, { body: { ...input, id } }),
        changes: [{ list: 'categories', op: 'put', item: draft }],
      };
    },
    events: ['categories'],
    // The dialog shows the server's words (a taken name, the limit).
    failure: () => null,
    onSynced: putInList('categories'),
  });
}

/** DELETE /api/categories/:id, optimistic: the card goes and its habits join the fallback. */
export function useDeleteCategory() {
  return useQueuedMutation<Category, CategoryDeleteResult>({
    type: 'category-delete',
    prepare: (category, client) => {
      const fallback = client.getQueryData(categoriesQuery.queryKey)?.find((c) => c.isFallback);
      const moved: ListChange[] = fallback
        ? (client.getQueryData(habitsQuery.queryKey) ?? [])
            .filter((habit) => habit.categoryId === category.id)
            .map((habit) => ({
              list: 'habits',
              op: 'merge',
              id: habit.id,
              fields: { categoryId: fallback.id, category: fallback.name } satisfies Partial<Habit>,
            }))
        : [];
      return {
        ...requestTo(routes.deleteCategory, { params: { id: category.id } }),
        changes: [{ list: 'categories', op: 'remove', id: category.id }, ...moved],
      };
    },
    // Its habits moved to the fallback category.
    events: ['categories', 'habits'],
    // The server's messages are written for people (e.g. the spec's fallback-missing text).
    failure: (error) =>
      error instanceof ApiError && error.code !== 'VALIDATION' ? error.message : copy.deleteFailed,
  });
}

/** PATCH /api/habits/:id {categoryId}, optimistic: the habit shows in its new category at once. */
export function useMoveHabit() {
  return useQueuedMutation<{ habit: Habit; category: Category }, Habit>({
    type: 'habit-update',
    prepare: ({ habit, category }) => ({
      ...requestTo(routes.updateHabit, {
        params: { id: habit.id },
        body: { categoryId: category.id },
      }),
      changes: [
        {
          list: 'habits',
          op: 'merge',
          id: habit.id,
          fields: { categoryId: category.id, category: category.name } satisfies Partial<Habit>,
        },
      ],
    }),
    events: ['habits'],
    failure: () => copy.moveFailed,
  });
}
