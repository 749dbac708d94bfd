/**
 * Errors a use-case raises on purpose. The app's error handler turns them into the wire format
 * {error: {code, message, ...details}} with the code's HTTP status.
 */
import { statusOf, type ErrorCode, type ErrorDetails } from '@habitquest/contracts/errors';

export class HttpError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetails = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  get status(): number {
    return statusOf(this.code);
  }
}

/**
 * 429 RATE_LIMITED for a limit counted with auth/rate-limit.ts: the wait in the body and in
 * Retry-After (seconds), and in the message (`say`, given whole minutes).
 */
export function rateLimited(seconds: number, say: (minutes: number) => string): HttpError {
  return new HttpError(
    'RATE_LIMITED',
    say(Math.ceil(seconds / 60)),
    { retryAfter: seconds },
    { 'Retry-After': String(seconds) },
  );
}

export function notFound(what = 'Not found'): HttpError {
  return new HttpError('NOT_FOUND', what);
}
