import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  apiErrorBody,
  DEFAULT_MESSAGES,
  ERROR_CODES,
  ERROR_MESSAGES,
  limitReachedBody,
  parseApiError,
  statusOf,
  validationErrorBody,
  validationIssues,
  zApiError,
  zErrorCode,
} from './errors';

describe('error codes', () => {
  it('map to their HTTP statuses', () => {
    expect(ERROR_CODES).toEqual({
      UNAUTHENTICATED: 401,
      FORBIDDEN: 403,
      VALIDATION: 400,
      NOT_FOUND: 404,
      LIMIT_REACHED: 403,
      PRO_REQUIRED: 403,
      INSUFFICIENT_POINTS: 409,
      CONFLICT: 409,
      RATE_LIMITED: 429,
      IDEMPOTENCY_KEY_REUSED: 422,
      IDEMPOTENCY_IN_PROGRESS: 409,
      PAYMENTS_NOT_CONFIGURED: 503,
      UNAVAILABLE: 503,
      IMPORT_IN_PROGRESS: 503,
      INTERNAL: 500,
    });
    expect(statusOf('RATE_LIMITED')).toBe(429);
  });

  it('each have a default message', () => {
    for (const code of zErrorCode.options) expect(DEFAULT_MESSAGES[code].length).toBeGreaterThan(0);
    expect(DEFAULT_MESSAGES.UNAUTHENTICATED).toBe('User not authenticated');
    expect(DEFAULT_MESSAGES.INSUFFICIENT_POINTS).toBe(
      'Insufficient points to purchase this reward',
    );
  });

  it("keep the spec's messages verbatim", () => {
    expect(ERROR_MESSAGES.invalidProduct).toBe('Invalid product type');
    expect(ERROR_MESSAGES.checkoutUnauthenticated).toBe(
      'User must be authenticated to begin checkout',
    );
    expect(ERROR_MESSAGES.protectedCategory).toBe('Protected category - cannot be deleted');
    expect(ERROR_MESSAGES.fallbackCategoryMissing).toBe(
      'Cannot delete category: Fallback category does not exist and could not be created',
    );
    expect(ERROR_MESSAGES.usernameNotFound).toBe(
      'Username not found. Please check your username or use your email instead.',
    );
  });
});

describe('apiErrorBody', () => {
  it('uses the default message when none is given', () => {
    expect(apiErrorBody('NOT_FOUND')).toEqual({
      error: { code: 'NOT_FOUND', message: 'Not found' },
    });
  });

  it('carries details beside code and message, which details cannot override', () => {
    const body = apiErrorBody('CONFLICT', 'Name taken', {
      field: 'name',
      code: 'HACK',
      message: 'x',
    });
    expect(body).toEqual({ error: { field: 'name', code: 'CONFLICT', message: 'Name taken' } });
    expect(zApiError.parse(body)).toEqual(body);
  });

  it('builds LIMIT_REACHED with the spec text, the resource and the limit', () => {
    expect(limitReachedBody('habits')).toEqual({
      error: {
        code: 'LIMIT_REACHED',
        message: 'Free plan limit reached: 15 habits. Upgrade to Pro for unlimited habits!',
        resource: 'habits',
        limit: 15,
      },
    });
    expect(limitReachedBody('rewards').error.limit).toBe(6);
  });
});

function errorOf(result: { success: boolean; error?: z.ZodError }): z.ZodError {
  if (!result.error) throw new Error('expected the parse to fail');
  return result.error;
}

describe('validation errors', () => {
  const schema = z.strictObject({ title: z.string().min(1, 'Title is required'), n: z.int() });

  it('lists every issue with a dotted path', () => {
    const issues = validationIssues(errorOf(schema.safeParse({ title: '', n: 1.5, extra: true })));
    expect(issues.map((issue) => issue.path)).toEqual(['title', 'n', '']);
    expect(issues[2]?.message).toContain('extra');
  });

  it('puts the first issue in the message and all of them in issues', () => {
    const nested = z.object({ a: z.object({ b: z.int().max(2) }) });
    const body = validationErrorBody(errorOf(nested.safeParse({ a: { b: 3 } })));
    expect(body.error.code).toBe('VALIDATION');
    expect(body.error.message).toMatch(/^a\.b: /);
    expect(body.error.issues).toHaveLength(1);
  });

  it('leaves out the path prefix for a root issue', () => {
    const body = validationErrorBody(errorOf(z.string().safeParse(1)));
    expect(body.error.message).toBe('Invalid input: expected string, received number');
  });

  it('falls back to the standard message when a ZodError has no issues', () => {
    expect(validationErrorBody(new z.ZodError([])).error.message).toBe(ERROR_MESSAGES.validation);
  });
});

describe('parseApiError', () => {
  it('reads an error body and refuses anything else', () => {
    expect(
      parseApiError({ error: { code: 'RATE_LIMITED', message: 'slow down' } })?.error.code,
    ).toBe('RATE_LIMITED');
    expect(parseApiError({ error: { code: 'TEAPOT', message: 'x' } })).toBeNull();
    expect(parseApiError({ error: { code: 'INTERNAL' } })).toBeNull();
    expect(parseApiError('Internal Server Error')).toBeNull();
    expect(parseApiError(null)).toBeNull();
  });
});
