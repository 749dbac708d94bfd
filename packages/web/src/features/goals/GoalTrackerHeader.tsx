import { Inbox, Plus, Target } from 'lucide-react';
import type { RefObject } from 'react';
import { Button } from '../../components/ui/Button';
import { goalsCopy as copy } from './copy';

/** The tracker's title, 'Add Category', the month's summary and 'Uncategorized (N)' when due. */
export function GoalTrackerHeader({
  headingRef,
  month,
  summary,
  uncategorizedCount,
  onAdd,
  onOpenUncategorized,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  month: string;
  summary: string | null;
  uncategorizedCount: number;
  onAdd: () => void;
  onOpenUncategorized: () => void;
}) {
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-start gap-3">
          <span className="bg-accent-gradient grid size-10 shrink-0 place-items-center rounded-2xl shadow-md shadow-indigo-500/20">
            <Target aria-hidden className="size-5" />
          </span>
          <div className="min-w-0">
            {/* Focusable from script: focus lands here when a deleted card takes its button along. */}
            <h2
              id="goals-heading"
              ref={headingRef}
              tabIndex={-1}
              className="text-lg font-bold text-slate-900 focus:outline-none dark:text-white"
            >
              {copy.heading}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">{copy.intro(month)}</p>
          </div>
        </div>
        <Button onClick={onAdd}>
          <Plus aria-hidden className="size-4" />
          {copy.addCategory}
        </Button>
      </div>
      {summary !== null || uncategorizedCount > 0 ? (
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p className="text-xs font-medium text-slate-600 dark:text-slate-400">{summary}</p>
          {uncategorizedCount > 0 ? (
            <button
              type="button"
              onClick={onOpenUncategorized}
              className="inline-flex min-h-9 items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3 text-sm font-semibold text-amber-900 transition hover:bg-amber-100 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-200 dark:hover:bg-amber-400/20"
            >
              <Inbox aria-hidden className="size-4" />
              {copy.uncategorized(uncategorizedCount)}
            </button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
