/** Rest: skipped days, paused habits and vacations. Part of the route table (../routes.ts). */
import type { CompletionsQuery, Habit, SetSkipResult } from '../habits';
import type { PauseRequest, RestHistory, SetSkip, Skip, Vacation, VacationState } from '../rest';
import { route } from '../route';

export const restRoutes = {
  setSkip: route<{ body: SetSkip; response: SetSkipResult }>()({
    method: 'put',
    path: '/api/habits/:id/skips/:date',
  }),
  listSkips: route<{ query: CompletionsQuery; response: Skip[] }>()({
    method: 'get',
    path: '/api/skips',
  }),
  listRestHistory: route<{ response: RestHistory }>()({
    method: 'get',
    path: '/api/rest/history',
  }),
  pauseHabit: route<{ body: PauseRequest; response: Habit }>()({
    method: 'put',
    path: '/api/habits/:id/pause',
  }),
  resumeHabit: route<{ response: Habit }>()({
    method: 'delete',
    path: '/api/habits/:id/pause',
  }),
  setVacation: route<{ body: Vacation; response: VacationState }>()({
    method: 'put',
    path: '/api/vacation',
  }),
  endVacation: route<{ response: VacationState }>()({
    method: 'delete',
    path: '/api/vacation',
  }),
} as const;
