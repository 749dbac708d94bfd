/**
 * Reading the requests and answers of the account routes (routes.ts) around Better Auth: its
 * bodies are unvalidated until it reads them, and its answers carry what the guards need.
 */
import { apiErrorBody } from '@habitquest/contracts/errors';
import type { Context } from 'hono';
import type { LimitResult } from './rate-limit';

/** The id of the account a successful sign-up created, from Better Auth's answer. */
export async function createdUserId(response: Response): Promise<string | null> {
  try {
    const body = (await response.clone().json()) as { user?: { id?: unknown } };
    return typeof body.user?.id === 'string' ? body.user.id : null;
  } catch {
    return null;
  }
}

/** Better Auth's error code in an error answer ({ code, message }), or null. */
export async function errorCodeOf(response: Response): Promise<string | null> {
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : null;
  } catch {
    return null;
  }
}

/** A string field of an unvalidated body (Better Auth validates it next), trimmed. */
export function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

export async function readJson(c: Context): Promise<Record<string, unknown>> {
  try {
    const value: unknown = await c.req.raw.clone().json();
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function tooMany(c: Context, result: LimitResult, message: string): Response {
  c.header('Retry-After', String(result.retryAfterSeconds));
  return c.json(
    apiErrorBody('RATE_LIMITED', message, { retryAfter: result.retryAfterSeconds }),
    429,
  );
}
