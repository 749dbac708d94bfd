/**
 * The one way the web app talks to the server: `call(routes.x, input)` with a route of the
 * contracts' table, JSON over fetch, errors parsed into ApiError with the server's code and
 * message (ours {error: {code, message}}, or Better Auth's {code, message}).
 */
import {
  pathWith,
  type BodyOf,
  type NoParams,
  type ParamsOf,
  type PathOf,
  type QueryOf,
  type ResponseOf,
  type Route,
} from '@habitquest/contracts/routes';
import { REVISION_HEADER } from '@habitquest/contracts/headers';
import { dropEarlyReads, takeEarlyRead } from './early-reads';
import { reportReachable } from './reachability';
import { noteAnswerRevision } from './read-revisions';
import { randomId } from './random-id';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const NETWORK_MESSAGE = 'Could not reach HabitQuest. Check your connection and try again.';

type Options = { body?: unknown; idempotencyKey?: string; signal?: AbortSignal };

/**
 * This tab's id, sent with every request: the live updates a request causes carry it back, and
 * this tab skips them, having refreshed what its own change touched (features/live).
 */
export const CLIENT_ID = randomId();

/** What a call of route R takes: each part only when the route has it, optional when it may. */
export type CallInput<R> = (keyof ParamsOf<PathOf<R>> extends never
  ? { params?: undefined }
  : { params: ParamsOf<PathOf<R>> }) &
  (QueryOf<R> extends undefined
    ? { query?: undefined }
    : undefined extends QueryOf<R>
      ? { query?: QueryOf<R> }
      : { query: QueryOf<R> }) &
  (BodyOf<R> extends undefined ? { body?: undefined } : { body: BodyOf<R> }) & {
    idempotencyKey?: string;
    signal?: AbortSignal;
  };

type Callable<R> = NoParams extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

/** Calls a route of the table: `call(routes.setCompletion, { params: { id, date }, body })`. */
export async function call<R extends Route>(
  route: R,
  ...[input]: Callable<R>
): Promise<ResponseOf<R>> {
  const path = pathWith(route.path, input?.params ?? {});
  return await api<ResponseOf<R>>(route.method.toUpperCase(), path + queryString(input?.query), {
    ...(input?.body === undefined ? {} : { body: input.body }),
    ...(input?.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
    ...(input?.signal ? { signal: input.signal } : {}),
  });
}

function queryString(query: unknown): string {
  if (query === undefined || query === null) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(
    query as Record<string, string | number | undefined>,
  )) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function api<T>(method: string, path: string, options: Options = {}): Promise<T> {
  const isRead = method === 'GET';
  // A change makes every early answer possibly older than a read after it (early-reads.ts).
  if (!isRead) dropEarlyReads();
  const early = isRead ? takeEarlyRead(path) : undefined;
  let response: Response;
  try {
    response = early
      ? await early.catch(() => request(method, path, options))
      : await request(method, path, options);
  } catch {
    if (!options.signal?.aborted) reportReachable(false);
    throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
  }
  reportReachable(response.status !== 502 && response.status !== 504);
  if (isRead) noteAnswerRevision(response.headers.get(REVISION_HEADER));
  const text = await response.text();
  const body: unknown = text ? safeJson(text) : null;
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
}

function request(method: string, path: string, options: Options): Promise<Response> {
  return fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      'x-client-id': CLIENT_ID,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null;
}

/**
 * Reads {error: {code, message, ...details}} by hand rather than with the contracts' zod schema,
 * so the first download of the app carries no zod.
 */
export function toApiError(status: number, body: unknown): ApiError {
  const error = isObject(body) ? body.error : undefined;
  if (isObject(error) && typeof error.code === 'string' && typeof error.message === 'string') {
    const { code, message, ...details } = error;
    return new ApiError(status, code, message, details);
  }
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    const code = 'code' in body && typeof body.code === 'string' ? body.code : 'ERROR';
    return new ApiError(status, code, body.message);
  }
  return new ApiError(status, 'ERROR', 'An error occurred');
}
