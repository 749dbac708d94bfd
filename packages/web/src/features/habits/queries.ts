import type { Completion, Habit } from '@habitquest/contracts/habits';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api';

export const habitKeys = {
  all: ['habits'] as const,
  completions: (from: string, to: string) => ['completions', from, to] as const,
};

/** Habits are stale after 2 min (spec §9). */
export const habitsQuery = queryOptions({
  queryKey: habitKeys.all,
  queryFn: () => api<Habit[]>('GET', '/api/habits'),
  staleTime: 2 * 60_000,
});

/** Completions dated in a range; fresh 1 min. */
export function completionsQuery(from: string, to: string) {
  return queryOptions({
    queryKey: habitKeys.completions(from, to),
    queryFn: () => api<Completion[]>('GET', `/api/completions?from=${from}&to=${to}`),
    staleTime: 60_000,
  });
}
