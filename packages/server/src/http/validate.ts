import { validationIssues } from '@habitquest/contracts/errors';
import { NUL_MESSAGE, nulPath } from '@habitquest/core/nul';
import type { Context } from 'hono';
import type { z } from 'zod';
import { HttpError } from './errors';

/** Parses the JSON body with a contracts schema; bad JSON or bad fields are a VALIDATION error. */
export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError('VALIDATION', 'The request body must be JSON.', { issues: [] });
  }
  refuseNul(body);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = validationIssues(parsed.error);
    throw new HttpError('VALIDATION', issues[0]?.message ?? 'The request is not valid', { issues });
  }
  return parsed.data;
}

/** A body holding a NUL anywhere is refused up front with where it is (core/nul.ts). */
export function refuseNul(body: unknown): void {
  const nul = nulPath(body);
  if (!nul) return;
  const issue = { path: nul.map(String).join('.'), message: NUL_MESSAGE };
  throw new HttpError(
    'VALIDATION',
    `${issue.path === '' ? 'The body' : issue.path}: ${NUL_MESSAGE}`,
    {
      issues: [issue],
    },
  );
}
