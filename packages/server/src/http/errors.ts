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

export function notFound(what = 'Not found'): HttpError {
  return new HttpError('NOT_FOUND', what);
}
