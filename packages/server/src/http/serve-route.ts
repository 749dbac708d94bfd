/**
 * Registers a handler for a route of the contracts' table (contracts/src/routes.ts): the method
 * and path come from the table, and the path parameters, query and body are parsed with the
 * route's schemas before the handler runs, so a handler sees only valid, typed input. Every
 * feature's router is mounted at /api (app.ts), so the table's `/api` prefix is dropped here.
 */
import {
  type BodyOf,
  type ParamsOf,
  type PathOf,
  type QueryOf,
  type ResponseOf,
  type Route,
  type RouteName,
  routes,
} from '@habitquest/contracts/routes';
import { schemasOf } from '@habitquest/contracts/route-schemas';
import type { Context, Hono } from 'hono';
import type { ZodType } from 'zod';
import type { AppEnv } from '../app-env';
import { jsonAnswer } from './json-answer';
import { dateParam, idParam, parseQuery } from './params';
import { parseBody } from './validate';

export type RouteInput<R> = {
  params: ParamsOf<PathOf<R>>;
  query: QueryOf<R>;
  body: BodyOf<R>;
};

/** A handler answers the route's JSON, or a Response of its own (a file, a stream). */
export type RouteHandler<R> = (
  c: Context<AppEnv>,
  input: RouteInput<R>,
) => ResponseOf<R> | Response | Promise<ResponseOf<R> | Response>;

const NAMES = new Map<Route, RouteName>(
  Object.entries(routes).map(([name, route]) => [route, name as RouteName]),
);

export function serve<const R extends Route>(
  app: Hono<AppEnv>,
  route: R,
  handler: RouteHandler<R>,
): void {
  const name = NAMES.get(route);
  if (name === undefined)
    throw new Error(`${route.method} ${route.path} is not in the route table`);
  // Held to the route's types in contracts; here only what each parses is needed.
  const schemas: { query?: ZodType; optionalQuery?: true; body?: ZodType; rawBody?: true } =
    schemasOf(name);
  const path = route.path.replace(/^\/api/, '') || '/';
  const paramNames = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  app.on(route.method.toUpperCase(), path, async (c) => {
    // Ids first: a path that names no row of this user is 404 before its body is judged.
    const params: Record<string, string> = {};
    for (const param of paramNames) {
      params[param] = param === 'date' ? dateParam(c, param) : idParam(c, param);
    }
    const hasQuery = Object.keys(c.req.query()).length > 0;
    const query =
      schemas.query && (hasQuery || !schemas.optionalQuery)
        ? parseQuery(c, schemas.query)
        : undefined;
    const body = schemas.body && !schemas.rawBody ? await parseBody(c, schemas.body) : undefined;
    const result = await handler(
      c as Context<AppEnv>,
      {
        params,
        query,
        body,
      } as RouteInput<R>,
    );
    if (result instanceof Response) return result;
    return jsonAnswer(c, JSON.stringify(result), route.status ?? 200);
  });
}

/** A route's path as a pattern matching its requests' paths (`:param` matches one segment). */
export function routePattern(path: string): RegExp {
  const escaped = path
    .split(/:\w+/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${escaped}$`);
}
