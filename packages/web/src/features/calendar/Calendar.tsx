import { memo } from 'react';
import {
  addDays,
  daysInMonth,
  formatLocalDate,
  parseLocalDate,
  datesBetween,
  type LocalDate,
} from '@habitquest/core/dates';
import { periodKey, weekStartOf, type Frequency, type WeekStart } from '@habitquest/core/periods';
import { ChevronLeft, ChevronRight, Sparkles } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { cx } from '../../components/ui/cx';
import { calendarCopy as copy } from './copy';
import { useGridKeys } from './grid-keys';
import { formatDate, formatMonth } from '../../lib/format';
import type { DayRest } from '../rest/calendar-rest';
import { CalendarLegend, RestMarks } from './rest-marks';

const NO_REST = new Map<LocalDate, DayRest>();

export type YearMonth = { year: number; month: number };

/** The dates shown for a month: padded to full weeks that start on the user's week start. */
export function monthGrid(view: YearMonth, weekStart: WeekStart): LocalDate[] {
  const first = formatLocalDate(view.year, view.month, 1);
  const last = formatLocalDate(view.year, view.month, daysInMonth(view.year, view.month));
  return datesBetween(weekStartOf(first, weekStart), addDays(weekStartOf(last, weekStart), 6));
}

function shiftMonth(view: YearMonth, by: number): YearMonth {
  const index = view.year * 12 + view.month - 1 + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Month grid with Prev / Today / Next, a dot on days with completions (docs/product.md). */
export const Calendar = memo(function Calendar(props: {
  view: YearMonth;
  onViewChange: (view: YearMonth) => void;
  selected: LocalDate;
  today: LocalDate;
  weekStart: WeekStart;
  /** The habits tab shown beside it: the period key is that frequency's. */
  frequency: Frequency;
  completedDates: ReadonlySet<LocalDate>;
  /** Days on which something rested: a vacation, a skipped habit, a paused one. */
  restDays?: ReadonlyMap<LocalDate, DayRest>;
  /** A day was clicked: select it and open Day Insights. */
  onSelect: (date: LocalDate) => void;
  /** Today: select today and show its month, without opening Day Insights. */
  onToday: () => void;
  onOpenInsights: () => void;
}) {
  const { view, weekStart } = props;
  const restDays = props.restDays ?? NO_REST;
  const grid = monthGrid(view, weekStart);
  const keys = useGridKeys({
    view,
    candidates: [props.selected, props.today],
    weekStart,
    onViewChange: props.onViewChange,
  });
  const weekdays = Array.from({ length: 7 }, (_, i) => copy.weekdays[(weekStart + i) % 7] ?? '');
  const monthLabel = formatMonth(view.year, view.month);
  return (
    <section
      aria-labelledby="calendar-heading"
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="calendar-heading"
          className="text-xl font-bold text-slate-900 dark:text-white"
          aria-live="polite"
        >
          {monthLabel}
        </h2>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            aria-label={copy.previousMonth}
            onClick={() => {
              props.onViewChange(shiftMonth(view, -1));
            }}
          >
            <ChevronLeft aria-hidden className="size-4" />
            <span className="hidden sm:inline">{copy.prev}</span>
          </Button>
          <Button variant="secondary" onClick={props.onToday}>
            {copy.today}
          </Button>
          <Button
            variant="ghost"
            aria-label={copy.nextMonth}
            onClick={() => {
              props.onViewChange(shiftMonth(view, 1));
            }}
          >
            <span className="hidden sm:inline">{copy.next}</span>
            <ChevronRight aria-hidden className="size-4" />
          </Button>
        </div>
      </div>
      <div role="grid" aria-labelledby="calendar-heading" className="mt-4" {...keys.gridProps}>
        <div
          role="row"
          className="grid grid-cols-7 text-center text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400"
        >
          {weekdays.map((day) => (
            <div key={day} role="columnheader" className="py-1">
              {day}
            </div>
          ))}
        </div>
        {Array.from({ length: grid.length / 7 }, (_, week) => (
          <div key={week} role="row" className="grid grid-cols-7 gap-1">
            {grid.slice(week * 7, week * 7 + 7).map((date) => {
              const { month, day } = parseLocalDate(date);
              const isOutside = month !== view.month;
              const isSelected = date === props.selected;
              const isToday = date === props.today;
              const hasDot = props.completedDates.has(date);
              const rest = restDays.get(date);
              const isVacation = rest?.has('vacation') === true;
              const label = [
                formatDate(date, 'full'),
                ...(hasDot ? [copy.hasCompletions] : []),
                ...(['vacation', 'skipped', 'paused'] as const)
                  .filter((kind) => rest?.has(kind))
                  .map((kind) => copy.dayRest[kind]),
              ].join(', ');
              return (
                <div key={date} role="gridcell" aria-selected={isSelected}>
                  <button
                    type="button"
                    aria-label={label}
                    data-rest={rest ? [...rest].join(' ') : undefined}
                    aria-current={isToday ? 'date' : undefined}
                    tabIndex={keys.tabIndexOf(date)}
                    data-date={date}
                    onFocus={() => {
                      keys.onDayFocus(date);
                    }}
                    onClick={() => {
                      props.onSelect(date);
                    }}
                    className={cx(
                      'relative flex aspect-square w-full flex-col items-center justify-center rounded-xl text-sm transition',
                      isSelected
                        ? 'bg-accent-gradient font-bold shadow'
                        : isToday
                          ? cx(
                              'font-bold text-indigo-700 ring-2 ring-indigo-500 dark:text-indigo-300',
                              isVacation && 'bg-sky-100 dark:bg-sky-400/15',
                            )
                          : isVacation
                            ? 'bg-sky-100 text-sky-950 hover:bg-sky-200 dark:bg-sky-400/15 dark:text-sky-50 dark:hover:bg-sky-400/25'
                            : isOutside
                              ? 'text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800'
                              : 'text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800',
                    )}
                  >
                    {day}
                    <RestMarks hasDot={hasDot} rest={rest} isSelected={isSelected} />
                  </button>
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <CalendarLegend />
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-300">
        <span>
          {copy.viewingPeriodKey}:{' '}
          <code className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-800 dark:bg-slate-800 dark:text-slate-100">
            {periodKey(props.selected, props.frequency, weekStart)}
          </code>
        </span>
        <Button variant="secondary" onClick={props.onOpenInsights}>
          <Sparkles aria-hidden className="size-4" />
          {copy.dayInsights}
        </Button>
      </div>
    </section>
  );
});
