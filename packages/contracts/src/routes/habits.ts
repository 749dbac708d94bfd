/** Habits and their completions. Part of the route table (../routes.ts). */
import type { CompletionColumns } from '../completion-columns';
import type {
  Completion,
  CompletionsQuery,
  Habit,
  HabitCreate,
  HabitDeleteResult,
  HabitUpdate,
  HabitWithCompletions,
  SetCompletion,
  SetCompletionResult,
} from '../habits';
import { route } from '../route';

export const habitRoutes = {
  listHabits: route<{
    query: CompletionsQuery | undefined;
    response: (Habit | HabitWithCompletions)[];
  }>()({
    method: 'get',
    path: '/api/habits',
  }),
  createHabit: route<{ body: HabitCreate; response: Habit }>()({
    method: 'post',
    path: '/api/habits',
    status: 201,
  }),
  updateHabit: route<{ body: HabitUpdate; response: Habit }>()({
    method: 'patch',
    path: '/api/habits/:id',
  }),
  deleteHabit: route<{ response: HabitDeleteResult }>()({
    method: 'delete',
    path: '/api/habits/:id',
  }),
  setCompletion: route<{ body: SetCompletion; response: SetCompletionResult }>()({
    method: 'put',
    path: '/api/habits/:id/completions/:date',
  }),
  listCompletions: route<{ query: CompletionsQuery; response: Completion[] }>()({
    method: 'get',
    path: '/api/completions',
  }),
  listCompletionColumns: route<{ query: CompletionsQuery; response: CompletionColumns }>()({
    method: 'get',
    path: '/api/completions/columns',
  }),
} as const;
