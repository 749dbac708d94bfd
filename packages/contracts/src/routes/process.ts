/** The process's own routes: health, readiness, version and the API's description. Part of the route table (../routes.ts). */
import type { About } from '../about';
import { route } from '../route';

type Health = { ok: boolean; db?: 'pglite' | 'postgres'; starting?: boolean };
type Readiness = { ready: true; db: 'pglite' | 'postgres' };

export const processRoutes = {
  health: route<{ response: Health }>()({
    method: 'get',
    path: '/api/health',
    access: 'public',
  }),
  ready: route<{ response: Readiness }>()({
    method: 'get',
    path: '/api/ready',
    access: 'public',
  }),
  about: route<{ response: About }>()({
    method: 'get',
    path: '/api/about',
    access: 'public',
  }),
  openApi: route<{ response: Record<string, unknown> }>()({
    method: 'get',
    path: '/api/openapi.json',
    access: 'public',
  }),
} as const;
