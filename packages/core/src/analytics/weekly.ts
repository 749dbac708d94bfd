/**
 * The Weekly tab of the Analytics Dashboard (docs/product.md): the week that contains a reference date
 * (by the user's week start) against the week before it. Counting rules are in tally.ts.
 * Decided where the spec is silent:
 * - A week's completions and XP are the completion records dated in it.
 * - Improvement is this week minus the previous week; its percent is the change of completions,
 *   rounded to a whole percent, and null when the previous week had none (no base to compare to).
 * - Seven day bars from the week start, coloured by rateBand (70/40); days after today are marked
 *   isFuture and have nothing scheduled.
 */
import { addDays, datesBetween, type LocalDate } from '../dates';
import { weekStartOf, type DateRange } from '../periods';
import {
  dayBar,
  rangeTotals,
  weekdayLabel,
  type AnalyticsFacts,
  type DayBar,
  type WeekdayLabel,
} from './tally';
import { completedKeysByHabit, rateBand, type RateBand } from '../stats';

export type WeekTotals = DateRange & { completions: number; xp: number };

export type WeekDay = DayBar & { weekday: WeekdayLabel; band: RateBand };

export type WeeklyAnalytics = {
  thisWeek: WeekTotals;
  previousWeek: WeekTotals;
  improvement: {
    completions: number;
    xp: number;
    /** Percent change of completions; null when the previous week had none. */
    completionsPercent: number | null;
  };
  days: WeekDay[];
};

/** The Weekly tab for the week containing `referenceDate`. */
export function weeklyAnalytics(
  options: AnalyticsFacts & { referenceDate: LocalDate },
): WeeklyAnalytics {
  const start = weekStartOf(options.referenceDate, options.weekStart);
  const thisWeek = weekTotals(options, start);
  const previousWeek = weekTotals(options, addDays(start, -7));
  const keysByHabit = completedKeysByHabit(options.completions);
  return {
    thisWeek,
    previousWeek,
    improvement: {
      completions: thisWeek.completions - previousWeek.completions,
      xp: thisWeek.xp - previousWeek.xp,
      completionsPercent:
        previousWeek.completions === 0
          ? null
          : Math.round(
              ((thisWeek.completions - previousWeek.completions) / previousWeek.completions) * 100,
            ),
    },
    days: datesBetween(thisWeek.start, thisWeek.end).map((date) => {
      const bar = dayBar(options, keysByHabit, date);
      return { ...bar, weekday: weekdayLabel(date), band: rateBand(bar.rate) };
    }),
  };
}

function weekTotals(options: AnalyticsFacts, start: LocalDate): WeekTotals {
  const range = { start, end: addDays(start, 6) };
  return { ...range, ...rangeTotals(options.completions, range) };
}
