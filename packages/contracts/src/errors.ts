/**
 * Error answers (docs/ARCHITECTURE.md): an HTTP status plus {error: {code, message, ...details}}.
 * The spec's messages are kept verbatim so the UI can show what the original app showed.
 */
import { FREE_LIMITS, limitMessage, type LimitedResource } from '@habitquest/core/plan';
import { z } from 'zod';

/** Every error code with the HTTP status it is sent with. */
export const ERROR_CODES = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  VALIDATION: 400,
  NOT_FOUND: 404,
  LIMIT_REACHED: 403,
  PRO_REQUIRED: 403,
  INSUFFICIENT_POINTS: 409,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  /** An Idempotency-Key sent again with another request (method, path or body). */
  IDEMPOTENCY_KEY_REUSED: 422,
  /**
   * An earlier send with this Idempotency-Key is still being processed (its answer was lost on the
   * way): asking again later gets that answer. Unlike CONFLICT, not a refusal of the change.
   */
  IDEMPOTENCY_IN_PROGRESS: 409,
  PAYMENTS_NOT_CONFIGURED: 503,
  /** The server is starting (applying migrations): try again shortly. */
  UNAVAILABLE: 503,
  /**
   * The user's import is being written (embedded database): their other requests wait until it
   * is in place, so nothing reads or writes half-imported data. Sent with Retry-After.
   */
  IMPORT_IN_PROGRESS: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
export type ErrorStatus = (typeof ERROR_CODES)[ErrorCode];

const CODE_NAMES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];
export const zErrorCode = z.enum(CODE_NAMES);

/** The HTTP status an error code is sent with. */
export function statusOf(code: ErrorCode): ErrorStatus {
  return ERROR_CODES[code];
}

/** Messages the spec gives (verbatim) and the few the API adds. */
export const ERROR_MESSAGES = {
  unauthenticated: 'User not authenticated',
  otherAccount:
    'This change was made by another account. It waits on this device until that account signs in again.',
  insufficientPoints: 'Insufficient points to purchase this reward',
  invalidProduct: 'Invalid product type',
  checkoutUnauthenticated: 'User must be authenticated to begin checkout',
  protectedCategory: 'Protected category - cannot be deleted',
  fallbackCategoryMissing:
    'Cannot delete category: Fallback category does not exist and could not be created',
  usernameNotFound: 'Username not found. Please check your username or use your email instead.',
  usernameLookupFailed: 'Failed to look up username',
  forbidden: 'This request was refused: it did not come from HabitQuest itself.',
  validation: 'The request is not valid',
  notFound: 'Not found',
  proRequired: 'This feature is part of Pro. Upgrade to Pro to unlock it.',
  conflict: 'This change conflicts with the current data. Refresh and try again.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different request. Send each new change with a new key.',
  paymentsNotConfigured: 'Payments are not set up on this server, so Pro cannot be bought here.',
  unavailable: 'HabitQuest is starting. Try again in a moment.',
  importInProgress: 'Your import is still being applied. Try again in a moment.',
  internal: 'Something went wrong on our side. Please try again.',
} as const;

/** The message sent when a handler gives none of its own. */
export const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  UNAUTHENTICATED: ERROR_MESSAGES.unauthenticated,
  FORBIDDEN: ERROR_MESSAGES.forbidden,
  VALIDATION: ERROR_MESSAGES.validation,
  NOT_FOUND: ERROR_MESSAGES.notFound,
  LIMIT_REACHED: 'Free plan limit reached. Upgrade to Pro for unlimited items!',
  PRO_REQUIRED: ERROR_MESSAGES.proRequired,
  INSUFFICIENT_POINTS: ERROR_MESSAGES.insufficientPoints,
  CONFLICT: ERROR_MESSAGES.conflict,
  RATE_LIMITED: ERROR_MESSAGES.rateLimited,
  IDEMPOTENCY_KEY_REUSED: ERROR_MESSAGES.idempotencyKeyReused,
  IDEMPOTENCY_IN_PROGRESS: ERROR_MESSAGES.idempotencyInProgress,
  PAYMENTS_NOT_CONFIGURED: ERROR_MESSAGES.paymentsNotConfigured,
  UNAVAILABLE: ERROR_MESSAGES.unavailable,
  IMPORT_IN_PROGRESS: ERROR_MESSAGES.importInProgress,
  INTERNAL: ERROR_MESSAGES.internal,
};

/** Extra fields beside code and message, e.g. {resource, limit} or {issues}. */
export type ErrorDetails = Record<string, unknown>;

export const zApiError = z.object({
  error: z.looseObject({ code: zErrorCode, message: z.string() }),
});
export type ApiError = z.infer<typeof zApiError>;

/** One field problem of a VALIDATION error; path is dotted ('reminders.maxRemindersPerDay'). */
export const zValidationIssue = z.object({ path: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof zValidationIssue>;

/** The JSON body of an error answer; details never override code or message. */
export function apiErrorBody(code: ErrorCode, message?: string, details?: ErrorDetails): ApiError {
  return { error: { ...details, code, message: message ?? DEFAULT_MESSAGES[code] } };
}

/** A LIMIT_REACHED body with the spec's text and the resource and limit the UI needs. */
export function limitReachedBody(resource: LimitedResource): ApiError {
  return apiErrorBody('LIMIT_REACHED', limitMessage(resource), {
    resource,
    limit: FREE_LIMITS[resource],
  });
}

/** The field issues of a failed parse, in the wire's flat form. */
export function validationIssues(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** A VALIDATION body whose message is the first issue, so a toast can show it as it is. */
export function validationErrorBody(error: z.ZodError): ApiError {
  const issues = validationIssues(error);
  const first = issues[0];
  const message = first
    ? `${first.path === '' ? '' : `${first.path}: `}${first.message}`
    : ERROR_MESSAGES.validation;
  return apiErrorBody('VALIDATION', message, { issues });
}

/** The error body in a response, or null when the value is not one. */
export function parseApiError(value: unknown): ApiError | null {
  const result = zApiError.safeParse(value);
  return result.success ? result.data : null;
}
