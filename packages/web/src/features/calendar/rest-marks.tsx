/**
 * The small marks under a calendar day, each its own shape so colour is never the only cue: a
 * filled dot for completions, a hollow ring for a skipped habit, two bars for a paused one; a
 * vacation day is tinted as a whole. The legend draws the same shapes with their words.
 */
import type { DayRest } from '../rest/calendar-rest';
import { cx } from '../../components/ui/cx';
import { calendarCopy as copy } from './copy';

function Dot({ isSelected }: { isSelected: boolean }) {
  return (
    <span
      aria-hidden
      className={cx('size-1.5 rounded-full', isSelected ? 'bg-current' : 'bg-emerald-500')}
    />
  );
}

function Ring({ isSelected }: { isSelected: boolean }) {
  return (
    <span
      aria-hidden
      className={cx(
        'size-2 rounded-full border-[1.5px]',
        isSelected ? 'border-current' : 'border-sky-600 dark:border-sky-300',
      )}
    />
  );
}

function Bars({ isSelected }: { isSelected: boolean }) {
  const bar = cx(
    'h-1.5 w-0.5 rounded-full',
    isSelected ? 'bg-current' : 'bg-slate-500 dark:bg-slate-300',
  );
  return (
    <span aria-hidden className="flex gap-px">
      <span className={bar} />
      <span className={bar} />
    </span>
  );
}

export function RestMarks({
  hasDot,
  rest,
  isSelected,
}: {
  hasDot: boolean;
  rest: DayRest | undefined;
  isSelected: boolean;
}) {
  const isSkipped = rest?.has('skipped') === true;
  const isPaused = rest?.has('paused') === true;
  if (!hasDot && !isSkipped && !isPaused) return null;
  return (
    <span aria-hidden className="absolute bottom-1 flex items-center gap-0.5">
      {hasDot ? <Dot isSelected={isSelected} /> : null}
      {isSkipped ? <Ring isSelected={isSelected} /> : null}
      {isPaused ? <Bars isSelected={isSelected} /> : null}
    </span>
  );
}

/** What each mark means, in words beside the same shapes. */
export function CalendarLegend() {
  const items = [
    [copy.legendDone, <Dot key="dot" isSelected={false} />],
    [copy.legendSkipped, <Ring key="ring" isSelected={false} />],
    [copy.legendPaused, <Bars key="bars" isSelected={false} />],
    [
      copy.legendVacation,
      <span key="tint" aria-hidden className="size-3 rounded bg-sky-100 dark:bg-sky-400/15" />,
    ],
  ] as const;
  return (
    <ul
      aria-label={copy.legend}
      className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300"
    >
      {items.map(([text, mark]) => (
        <li key={text} className="inline-flex items-center gap-1.5">
          <span className="inline-flex size-3 items-center justify-center">{mark}</span>
          {text}
        </li>
      ))}
    </ul>
  );
}
