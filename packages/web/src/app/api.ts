/**
 * The one way the web app talks to the server: JSON over fetch, errors parsed into ApiError with
 * the server's code and message (ours {error: {code, message}}, or Better Auth's {code, message}).
 */

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

type Options = { body?: unknown; idempotencyKey?: string; signal?: AbortSignal };

export async function api<T>(method: string, path: string, options: Options = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch {
    throw new ApiError(
      0,
      'NETWORK',
      'Could not reach HabitQuest. Check your connection and try again.',
    );
  }
  const text = await response.text();
  const body: unknown = text ? safeJson(text) : null;
  if (!response.ok) throw toApiError(response.status, body);
  return body as T;
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
