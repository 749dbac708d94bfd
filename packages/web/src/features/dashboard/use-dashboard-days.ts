/**
 * What the dashboard shows of the days around it: the completions and rest facts of the years on
 * screen (the selected day's, the calendar's and today's, which are usually one year), and what
 * the calendar, the goals and the day's figures read from them.
 */
import type { CompletionEntry } from '@habitquest/contracts/completion-columns';
import type { Habit } from '@habitquest/contracts/habits';
import type { Vacation } from '@habitquest/contracts/rest';
import { parseLocalDate, type LocalDate } from '@habitquest/core/dates';
import type { WeekStart } from '@habitquest/core/periods';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { monthGrid, type YearMonth } from '../calendar/Calendar';
import { yearCompletionsQuery } from '../habits/queries';
import { calendarRestDays } from '../rest/calendar-rest';
import { useRestFacts } from '../rest/use-rest';

const EMPTY: CompletionEntry[] = [];

export function useDashboardDays(options: {
  isSignedIn: boolean;
  habits: readonly Habit[] | undefined;
  vacation: Vacation | null | undefined;
  selected: LocalDate;
  view: YearMonth;
  today: LocalDate;
  weekStart: WeekStart;
}) {
  const { isSignedIn, selected, view, today, weekStart } = options;
  const selectedYear = useQuery({
    ...yearCompletionsQuery(parseLocalDate(selected).year),
    enabled: isSignedIn,
  });
  const viewYear = useQuery({ ...yearCompletionsQuery(view.year), enabled: isSignedIn });
  const todayYear = useQuery({
    ...yearCompletionsQuery(parseLocalDate(today).year),
    enabled: isSignedIn,
  });
  const rest = useRestFacts({
    years: [parseLocalDate(selected).year, view.year, parseLocalDate(today).year],
    isEnabled: isSignedIn,
    habits: options.habits,
    vacation: options.vacation,
  });

  const completedDates = useMemo(() => {
    const grid = new Set(monthGrid(view, weekStart));
    return new Set(
      (viewYear.data ?? EMPTY).map((c) => c.completionDate).filter((date) => grid.has(date)),
    );
  }, [viewYear.data, view, weekStart]);
  const restDays = useMemo(
    () => calendarRestDays(monthGrid(view, weekStart), rest, today),
    [view, weekStart, rest, today],
  );
  const thisMonth = useMemo(() => {
    const prefix = today.slice(0, 7);
    return (todayYear.data ?? EMPTY).filter((c) => c.completionDate.startsWith(prefix));
  }, [todayYear.data, today]);

  return {
    /** The query of the selected day's year: the first screen waits for it. */
    selectedYear,
    /** The selected day's year's completions. */
    completions: selectedYear.data ?? EMPTY,
    /** Today's year's, for the reminders (undefined until they arrive). */
    todayYear: todayYear.data,
    /** This month's, for the goal tracker. */
    thisMonth,
    /** The calendar's month: the days with a completion, and the resting ones. */
    completedDates,
    restDays,
    rest,
  };
}
