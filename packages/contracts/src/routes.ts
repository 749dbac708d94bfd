/**
 * Every route of the API, declared once: method, path, who may call it, and the types of its
 * query, body and answer (its summary and schemas are in route-schemas.ts, which the web does not
 * load). The table is put together here from one file per group of routes (routes/*.ts); what a
 * route is, is route.ts. From this table
 * - the server registers its handlers (server/src/http/serve-route.ts),
 * - /api/openapi.json is generated (with the zod schemas of route-schemas.ts, checked against
 *   these types by the compiler),
 * - the web calls the API through one typed client (web/src/lib/api.ts): `call(routes.me)`.
 *
 * Nothing here is zod at run time (types are imported with `import type`), so the web's first
 * download carries the table without zod (docs/decisions.md, "The wire").
 */
import type { Access, Route } from './route';
import { accountRoutes } from './routes/accounts';
import { achievementRoutes } from './routes/achievements';
import { categoryRoutes } from './routes/categories';
import { dataRoutes } from './routes/data';
import { habitRoutes } from './routes/habits';
import { processRoutes } from './routes/process';
import { proRoutes } from './routes/pro';
import { reminderRoutes } from './routes/reminders';
import { restRoutes } from './routes/rest';
import { rewardRoutes } from './routes/rewards';
import { userRoutes } from './routes/user';

export type {
  Access,
  BodyOf,
  Method,
  NoParams,
  ParamsOf,
  PathOf,
  QueryOf,
  ResponseOf,
  Route,
  RouteTypes,
} from './route';

/** In this order: ROUTE_LIST, and so the OpenAPI document, follow it. */
export const routes = {
  ...processRoutes,
  ...accountRoutes,
  ...userRoutes,
  ...habitRoutes,
  ...restRoutes,
  ...categoryRoutes,
  ...rewardRoutes,
  ...achievementRoutes,
  ...reminderRoutes,
  ...dataRoutes,
  ...proRoutes,
} as const;

export type Routes = typeof routes;

/** Better Auth's routes: public (they sign people in), each with its own checks. */
const BETTER_AUTH_PREFIX = '/api/auth/';
export type RouteName = keyof Routes;

/** Every route with its name, in the table's order. */
export const ROUTE_LIST: readonly (Route & {
  name: RouteName;
  access: Access;
  /** Better Auth answers everything under /api/auth (the server wraps some of it). */
  isBetterAuth: boolean;
})[] = /* @__PURE__ */ Object.entries(routes).map(([name, definition]) => {
  const isBetterAuth = definition.path.startsWith(BETTER_AUTH_PREFIX);
  return {
    access: isBetterAuth ? 'public' : 'session',
    ...definition,
    name: name as RouteName,
    isBetterAuth,
  };
});

/** A Better Auth route's path below /api/auth, where the server mounts its guards of them. */
export function authSubpath(route: Route): string {
  if (!route.path.startsWith(BETTER_AUTH_PREFIX))
    throw new Error(`${route.path} is not under /api/auth`);
  return route.path.slice(BETTER_AUTH_PREFIX.length - 1);
}

/** The path with its parameters filled in, each encoded: `/api/habits/7b…/completions/2026-11-23`. */
export function pathWith(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}
