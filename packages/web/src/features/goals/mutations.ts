/**
 * Category and goal changes (CONTRIBUTING.md): each shows at once in the cache, rolls back with a toast
 * when the server refuses, and refetches what it touched. Success needs no toast: the change is
 * already on screen.
 */
import type { Category, CategoryCreate } from '@habitquest/contracts/categories';
import type { Habit } from '@habitquest/contracts/habits';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, call } from '../../lib/api';
import { invalidateFor } from '../live/use-live-updates';
import { routes } from '@habitquest/contracts/routes';
import { habitsQuery } from '../habits/queries';
import { goalsCopy as copy } from './copy';
import { categoriesQuery } from './queries';

function byName(a: Category, b: Category): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** PATCH /api/categories/:id {monthlyTargetXp}, optimistic. */
export function useUpdateCategoryTarget() {
  const queryClient = useQueryClient();
  const key = categoriesQuery.queryKey;
  return useMutation({
    mutationFn: ({ id, monthlyTargetXp }: { id: string; monthlyTargetXp: number }) =>
      call(routes.updateCategory, { params: { id }, body: { monthlyTargetXp } }),
    onMutate: async ({ id, monthlyTargetXp }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (list) =>
        list?.map((category) => (category.id === id ? { ...category, monthlyTargetXp } : category)),
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(copy.targetFailed);
    },
    onSettled: () => invalidateFor(queryClient, 'categories'),
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
  const categoriesKey = categoriesQuery.queryKey;
  const habitsKey = habitsQuery.queryKey;
  return useMutation({
    mutationFn: (category: Category) =>
      call(routes.deleteCategory, { params: { id: category.id } }),
    onMutate: async (category) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: categoriesKey }),
        queryClient.cancelQueries({ queryKey: habitsKey }),
      ]);
      const previousCategories = queryClient.getQueryData(categoriesKey);
      const previousHabits = queryClient.getQueryData(habitsKey);
      const fallback = previousCategories?.find((c) => c.isFallback);
      queryClient.setQueryData(categoriesKey, (list) => list?.filter((c) => c.id !== category.id));
      if (fallback) {
        queryClient.setQueryData(habitsKey, (list) =>
          list?.map((habit) =>
            habit.categoryId === category.id
              ? { ...habit, categoryId: fallback.id, category: fallback.name }
              : habit,
          ),
        );
      }
      return { previousCategories, previousHabits };
    },
    onError: (error, _category, context) => {
      if (context?.previousCategories) {
        queryClient.setQueryData(categoriesKey, context.previousCategories);
      }
      if (context?.previousHabits) queryClient.setQueryData(habitsKey, context.previousHabits);
      // The server's messages are written for people (e.g. the spec's fallback-missing text).
      toast.error(
        error instanceof ApiError && error.code !== 'VALIDATION'
          ? error.message
          : copy.deleteFailed,
      );
    },
    // Its habits moved to the fallback category.
    onSettled: () => invalidateFor(queryClient, 'categories', 'habits'),
  });
}

/** PATCH /api/habits/:id {categoryId}, optimistic: the habit shows in its new category at once. */
export function useMoveHabit() {
  const queryClient = useQueryClient();
  const key = habitsQuery.queryKey;
  return useMutation({
    mutationFn: ({ habit, category }: { habit: Habit; category: Category }) =>
      call(routes.updateHabit, {
        params: { id: habit.id },
        body: { categoryId: category.id },
      }),
    onMutate: async ({ habit, category }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (list) =>
        list?.map((h) =>
          h.id === habit.id ? { ...h, categoryId: category.id, category: category.name } : h,
        ),
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(copy.moveFailed);
    },
    onSettled: () => invalidateFor(queryClient, 'habits'),
  });
}
