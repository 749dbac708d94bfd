import type { Habit } from '@habitquest/contracts/habits';
import type { LocalDate } from '@habitquest/core/dates';
import type { WeekStart } from '@habitquest/core/periods';
import type { RestKind } from '@habitquest/core/stats';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../lib/toast';
import type { SkipAction } from './card-parts';
import { restDayCopy as copy } from './day-copy';
import type { SetSkip } from './skip-mutation';
import { canSkipOn } from './rest-facts';

const loadSkip = () => import('./skip-mutation');

/**
 * The skip button of each card on a date: 'Skip today' (or this week, month, year) on a period
 * not done and not resting, 'Unskip' on a skipped one, nothing on a done period (the server
 * refuses to skip it), a vacation, or a date the server does not take.
 */
export function useSkipAction(options: {
  date: LocalDate;
  today: LocalDate;
  weekStart: WeekStart;
  timeZone: string;
}): (habit: Habit, isCompleted: boolean, rest: RestKind | null) => SkipAction | null {
  const client = useQueryClient();
  // Loaded once the cards are on screen, so a skip made offline a moment later has its code.
  useEffect(() => {
    void loadSkip();
  }, []);
  const setSkip = (vars: SetSkip): void => {
    loadSkip().then(
      (module) => {
        module.startSkip(client, vars);
      },
      () => {
        toast.error(copy.skipFailed);
      },
    );
  };
  const { date, today, weekStart, timeZone } = options;
  const isToday = date === today;
  return (habit, isCompleted, rest) => {
    if (isCompleted || (rest !== null && rest !== 'skipped')) return null;
    if (rest === 'skipped') {
      return {
        kind: 'unskip',
        text: copy.unskip,
        label: copy.unskipLabel(habit.title),
        onClick: () => {
          setSkip({ habit, date, skipped: false, weekStart, isToday });
        },
      };
    }
    if (!canSkipOn(habit, date, today, timeZone)) return null;
    return {
      kind: 'skip',
      text: copy.skip(habit.frequency, isToday),
      label: copy.skipLabel(habit.frequency, isToday, habit.title),
      onClick: () => {
        setSkip({ habit, date, skipped: true, weekStart, isToday });
      },
    };
  };
}
