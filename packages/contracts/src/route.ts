/**
 * What a route of the API is: its method, path, who may call it and the types it carries; and
 * `route()`, which declares one. The table of every route is routes.ts.
 */
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call a route: `session` needs a signed-in user (401 otherwise) and is scoped to them;
 * `public` needs nothing; `signature` is Stripe's webhook, proven by its signature alone.
 */
export type Access = 'session' | 'public' | 'signature';

/** The types a route carries; a key left out means the route takes (or answers) no such thing. */
export type RouteTypes = { query?: unknown; body?: unknown; response?: unknown };

export type Route<P extends string = string, T extends RouteTypes = RouteTypes> = {
  readonly method: Method;
  /** Hono's path syntax: `:id` is a row id (a non-uuid is 404), `:date` a YYYY-MM-DD date. */
  readonly path: P;
  /** Who may call it; without it, `session`. */
  readonly access?: Access;
  /** The status of a success when it is not 200. */
  readonly status?: 201;
  /** An answer that is not JSON: a file to save, or a stream of events. */
  readonly produces?: 'file' | 'text/event-stream';
  /** Never set: carries the route's types for the client and the server. */
  readonly types?: T;
};

/** `'/api/habits/:id/completions/:date'` → `{ id: string; date: string }`. */
export type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Record<Name, string> & ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Record<Name, string>
    : NoParams;

/** A path without parameters: an object with no keys. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- exactly "no keys" is meant
export type NoParams = {};

type TypesOf<R> = R extends Route<string, infer T> ? T : never;
export type QueryOf<R> = TypesOf<R> extends { query: infer Q } ? Q : undefined;
export type BodyOf<R> = TypesOf<R> extends { body: infer B } ? B : undefined;
export type ResponseOf<R> = TypesOf<R> extends { response: infer A } ? A : unknown;
export type PathOf<R> = R extends Route<infer P> ? P : string;

/** `route<{ body: X; response: Y }>()({ ... })`: the types first, then the literal path. */
export function route<T extends RouteTypes = RouteTypes>() {
  return <const P extends string>(definition: Omit<Route<P, T>, 'types'>): Route<P, T> =>
    definition;
}
