import { ApiError } from '../../lib/api';
import type { Failure } from '../../components/ui/use-form';

/** An auth call's failure as the form's message: the server's own words, or `fallback`. */
export function describeAuthFailure(fallback: string) {
  return (error: unknown): Failure<string> => {
    const message = error instanceof ApiError || error instanceof Error ? error.message : '';
    return { form: message || fallback };
  };
}
