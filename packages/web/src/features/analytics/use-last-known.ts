import { useState } from 'react';

/**
 * The last value an answer carried, held while the next answer loads: every period's analytics
 * names the account's first year, and the navigation's "Previous" must not flicker between them.
 */
export function useLastKnown<T>(value: T | undefined): T | undefined {
  const [last, setLast] = useState(value);
  if (value !== undefined && value !== last) setLast(value);
  return value ?? last;
}
