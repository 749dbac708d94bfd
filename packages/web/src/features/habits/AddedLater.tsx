/**
 * A habit created after the day shown and not done for it: the cards and Day Insights list it,
 * so a user can log what they did before adding it, and count it for that day once it is done
 * (core's dayInsights, `addedLater`; docs/product.md, "A habit's first day").
 */
import { CalendarPlus } from 'lucide-react';
import { cx } from '../../components/ui/cx';
import { habitsCopy as copy } from './copy';

/** 'Added later', on the habit's card or row; the whole rule in its tooltip. */
export function AddedLaterBadge({ className }: { className?: string }) {
  return (
    <span
      title={copy.addedLaterHint}
      className={cx(
        'inline-flex max-w-full items-center gap-1 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100',
        className,
      )}
    >
      <CalendarPlus aria-hidden className="size-3.5 shrink-0" />
      <span className="truncate">{copy.addedLater}</span>
    </span>
  );
}

/** How many of the day's habits were added after it, and that they count once done. */
export function AddedLaterNote({ count, className }: { count: number; className?: string }) {
  return (
    <p
      className={cx(
        'flex items-center gap-2 rounded-2xl bg-slate-100 px-3 py-2 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-100',
        className,
      )}
    >
      <CalendarPlus aria-hidden className="size-4 shrink-0" />
      {copy.addedLaterNote(count)}
    </p>
  );
}
