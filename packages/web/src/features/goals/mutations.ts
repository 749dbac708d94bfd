/**
 * Category and goal changes (CONTRIBUTING.md): each shows at once in the cache, rolls back with a toast
 * when the server refuses, and refetches what it touched. Success needs no toast: the change is
 * already on screen.
 */
import type { Category, CategoryCreate } from '@habitquest/contracts/categories';
import type { Habit } from '@habitquest/contracts/habits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../lib/api';
import { invalidateFor } from '../../lib/invalidate';
import { patch, useOptimisticMutation } from '../../lib/optimistic';
import { routes } from '@habitquest/contracts/routes';
import { habitsQuery } from '../habits/queries';
import { goalsCopy as copy } from './copy';
import { categoriesQuery } from './queries';

function byName(a: Category, b: Category): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** PATCH /api/categories/:id {monthlyTargetXp}, optimistic. */
export function useUpdateCategoryTarget() {
  return useOptimisticMutation({
    mutationFn: ({ id, monthlyTargetXp }: { id: string; monthlyTargetXp: number }) =>
      call(routes.updateCategory, { params: { id }, body: { monthlyTargetXp } }),
    patches: ({ id, monthlyTargetXp }) => [
      patch<Category[]>(categoriesQuery.queryKey, (list) =>
        list?.map((category) => (category.id === id ? { ...category, monthlyTargetXp } : category)),
      ),
    ],
    events: ['categories'],
    failure: () => copy.targetFailed,
  });
}

/**
 * POST /api/categories. Not optimistic: the dialog stays open until the server answers, because a
 * duplicate name or the plan limit is shown there rather than flashing a row that then vanishes.
 */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CategoryCreate) => call(routes.createCategory, { body: input }),
    onSuccess: (created) => {
      queryClient.setQueryData(categoriesQuery.queryKey, (list) =>
        list ? [...list.filter((c) => c.id !== created.id), created].sort(byName) : list,
      );
    },
    onSettled: () => invalidateFor(queryClient, 'categories'),
  });
}

/** DELETE /api/categories/:id, optimistic: the card goes and its habits join the fallback. */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useOptimisticMutation({
    mutationFn: (category: Category) =>
      call(routes.deleteCategory, { params: { id: category.id } }),
    patches: (category) => {
      const fallback = queryClient
        .getQueryData(categoriesQuery.queryKey)
        ?.find((c) => c.isFallback);
      return [
        patch<Category[]>(categoriesQuery.queryKey, (list) =>
          list?.filter((c) => c.id !== category.id),
        ),
        ...(fallback
          ? [
              patch<Habit[]>(habitsQuery.queryKey, (list) =>
                list?.map((habit) =>
                  habit.categoryId === category.id
                    ? { ...habit, categoryId: fallback.id, category: fallback.name }
                    : habit,
                ),
              ),
            ]
          : []),
      ];
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
  return useOptimisticMutation({
    mutationFn: ({ habit, category }: { habit: Habit; category: Category }) =>
      call(routes.updateHabit, {
        params: { id: habit.id },
        body: { categoryId: category.id },
      }),
    patches: ({ habit, category }) => [
      patch<Habit[]>(habitsQuery.queryKey, (list) =>
        list?.map((h) =>
          h.id === habit.id ? { ...h, categoryId: category.id, category: category.name } : h,
        ),
      ),
    ],
    events: ['habits'],
    failure: () => copy.moveFailed,
  });
}
