/**
 * The calendar grid's keyboard (WAI-ARIA grid pattern): one tab stop for the whole month (a
 * roving tabindex), arrows move by day and week, Home/End to the week's first and last day,
 * PageUp/PageDown by month (with Shift by year); Enter or Space on a day selects it. Moving into
 * another month shows that month.
 */
import {
  addDays,
  daysInMonth,
  formatLocalDate,
  parseLocalDate,
  type LocalDate,
} from '@habitquest/core/dates';
import { weekStartOf, type WeekStart } from '@habitquest/core/periods';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/** The same day `by` months away, or the month's last day when it is shorter. */
export function shiftMonths(date: LocalDate, by: number): LocalDate {
  const { year, month, day } = parseLocalDate(date);
  const index = year * 12 + month - 1 + by;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return formatLocalDate(y, m, Math.min(day, daysInMonth(y, m)));
}

/** Where a key moves the focus from `date`, or null for a key the grid does not handle. */
export function dateForKey(
  date: LocalDate,
  key: string,
  shiftKey: boolean,
  weekStart: WeekStart,
): LocalDate | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return weekStartOf(date, weekStart);
    case 'End':
      return addDays(weekStartOf(date, weekStart), 6);
    case 'PageUp':
      return shiftMonths(date, shiftKey ? -12 : -1);
    case 'PageDown':
      return shiftMonths(date, shiftKey ? 12 : 1);
    default:
      return null;
  }
}

export function useGridKeys(options: {
  view: { year: number; month: number };
  candidates: readonly LocalDate[];
  weekStart: WeekStart;
  onViewChange: (view: { year: number; month: number }) => void;
}) {
  const { view } = options;
  const [active, setActive] = useState<LocalDate | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const shouldFocus = useRef(false);
  const isInView = (date: LocalDate | null): date is LocalDate => {
    if (date === null) return false;
    const { year, month } = parseLocalDate(date);
    return year === view.year && month === view.month;
  };
  // The one day Tab reaches: the last one focused, else the selected day or today, else the 1st.
  const tabbable =
    [active, ...options.candidates].find(isInView) ?? formatLocalDate(view.year, view.month, 1);

  useEffect(() => {
    if (!shouldFocus.current) return;
    shouldFocus.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${tabbable}"]`)?.focus();
  });

  return {
    tabIndexOf: (date: LocalDate) => (date === tabbable ? 0 : -1),
    onDayFocus: (date: LocalDate) => {
      setActive(date);
    },
    gridProps: {
      ref: gridRef,
      onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
        const from = (event.target as HTMLElement).dataset.date;
        if (!from || event.altKey || event.ctrlKey || event.metaKey) return;
        const next = dateForKey(from, event.key, event.shiftKey, options.weekStart);
        if (!next) return;
        event.preventDefault();
        setActive(next);
        shouldFocus.current = true;
        if (!isInView(next)) {
          const { year, month } = parseLocalDate(next);
          options.onViewChange({ year, month });
        }
      },
    },
  };
}
