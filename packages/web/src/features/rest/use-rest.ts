import type { Habit } from '@habitquest/contracts/habits';
import type { Skip, Vacation } from '@habitquest/contracts/rest';
import type { RestFacts } from '@habitquest/core/stats';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { restHistoryQuery, yearSkipsQuery } from './queries';
import { mergeSkips, restFactsOf } from './rest-facts';

/** A stable function: TanStack Query keeps its answer while no window's data changes. */
function mergeResults(results: readonly { data?: readonly Skip[] | undefined }[]): Skip[] {
  return mergeSkips(...results.map((result) => result.data));
}

/**
 * The rest facts of the years on screen (the selected day's, the calendar's and today's, like the
 * completions): their skips, each habit's pause and the vacation now or ahead, and the pauses and
 * vacations already over.
 */
export function useRestFacts(options: {
  years: readonly number[];
  isEnabled: boolean;
  habits: readonly Habit[] | undefined;
  vacation: Vacation | null | undefined;
}): RestFacts {
  const years = [...new Set(options.years)];
  const skips = useQueries({
    queries: years.map((year) => ({
      ...yearSkipsQuery(year),
      enabled: options.isEnabled,
    })),
    combine: mergeResults,
  });
  const history = useQuery({ ...restHistoryQuery, enabled: options.isEnabled }).data;
  return useMemo(
    () => restFactsOf({ habits: options.habits ?? [], skips, vacation: options.vacation, history }),
    [options.habits, skips, options.vacation, history],
  );
}
