import { DATE_MESSAGE, zLocalDate } from '@habitquest/contracts/common';
import { validationIssues } from '@habitquest/contracts/errors';
import type { Context } from 'hono';
import type { z } from 'zod';
import { HttpError, notFound } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A row id from the path. Anything that is not a uuid names no row of this user: 404. */
export function idParam(c: Context, name = 'id'): string {
  const value = c.req.param(name) ?? '';
  if (!UUID.test(value)) throw notFound();
  return value.toLowerCase();
}

/** A YYYY-MM-DD date from the path; a malformed one is a VALIDATION error. */
export function dateParam(c: Context, name = 'date'): string {
  const parsed = zLocalDate.safeParse(c.req.param(name));
  if (!parsed.success) {
    throw new HttpError('VALIDATION', DATE_MESSAGE, {
      issues: [{ path: name, message: DATE_MESSAGE }],
    });
  }
  return parsed.data;
}

/** Parses the query string with a contracts schema. */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) {
    const issues = validationIssues(parsed.error);
    throw new HttpError('VALIDATION', issues[0]?.message ?? 'The query is not valid', { issues });
  }
  return parsed.data;
}
