/** The user's data as a whole: export, import and reset; and the stream of live updates. Part of the route table (../routes.ts). */
import type { ImportRequest, ImportResult, ResetRequest, ResetResult } from '../backup';
import { route } from '../route';

export const dataRoutes = {
  // backup
  exportData: route()({
    method: 'get',
    path: '/api/export',
    produces: 'file',
  }),
  importData: route<{ body: ImportRequest; response: ImportResult }>()({
    method: 'post',
    path: '/api/import',
  }),
  resetData: route<{ body: ResetRequest; response: ResetResult }>()({
    method: 'post',
    path: '/api/reset',
  }),

  // live updates
  events: route()({
    method: 'get',
    path: '/api/events',
    produces: 'text/event-stream',
  }),
} as const;
