import { ApiError } from '../../lib/api';
import { OutboxFullError } from '../../lib/outbox';

/** The server's own words for a refusal it explains (a skip of a done period, a bad date). */
export function refusalText(error: unknown, fallback: string): string {
  if (error instanceof OutboxFullError) return error.message;
  if (
    error instanceof ApiError &&
    (error.code === 'CONFLICT' || error.code === 'VALIDATION') &&
    error.message
  ) {
    return error.message;
  }
  return fallback;
}
