import { isWaitingOffline } from '../../lib/query-state';
import { OfflineNote } from '../offline/OfflineNote';
import type { UseQueryResult } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button';
import { cx } from '../../components/ui/cx';
import { Notice } from '../../components/ui/Notice';
import { analyticsCopy as copy } from './copy';

/** A labelled figure of a tab. */
export function StatTile({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-2xl bg-slate-100 p-3 dark:bg-slate-800">
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-xl font-bold text-slate-900 dark:text-white">{value}</dd>
      {hint ? <dd className="text-xs text-slate-600 dark:text-slate-300">{hint}</dd> : null}
    </div>
  );
}

/** The row of figures at the top of a tab: 2 columns on small screens, 4 on wide. */
export function StatGrid({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">{children}</dl>;
}

/** A section heading inside a tab (the dialog title is the h2). */
export function SectionTitle({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h3 id={id} className="text-base font-semibold text-slate-900 dark:text-white">
      {children}
    </h3>
  );
}

/** Previous / label / next; next is disabled beyond the bound (docs/product.md). */
export function PeriodNav(props: {
  label: string;
  previousLabel: string;
  nextLabel: string;
  onPrevious: () => void;
  onNext: () => void;
  canGoNext: boolean;
  /** False before the account's first period; previous is always allowed when absent. */
  canGoPrevious?: boolean;
}) {
  const arrow =
    'inline-flex size-10 items-center justify-center rounded-xl border border-slate-300 text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800';
  return (
    <div className="flex items-center justify-between gap-3">
      <button
        type="button"
        aria-label={props.previousLabel}
        className={arrow}
        onClick={props.onPrevious}
        disabled={props.canGoPrevious === false}
      >
        <ChevronLeft aria-hidden className="size-5" />
      </button>
      <p aria-live="polite" className="text-lg font-bold text-slate-900 dark:text-white">
        {props.label}
      </p>
      <button
        type="button"
        aria-label={props.nextLabel}
        className={arrow}
        onClick={props.onNext}
        disabled={!props.canGoNext}
      >
        <ChevronRight aria-hidden className="size-5" />
      </button>
    </div>
  );
}

/** Grey shapes where figures will be: the loading state, and the locked preview of free users. */
export function SkeletonLayout({ isPulsing = false }: { isPulsing?: boolean }) {
  const block = cx(
    'rounded-2xl bg-slate-200 dark:bg-slate-800',
    isPulsing && 'animate-pulse motion-reduce:animate-none',
  );
  // Decorative bar heights (percent of the chart), not data.
  const heights = [35, 55, 40, 70, 50, 80, 60, 45, 75, 65, 30, 50];
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {[0, 1, 2, 3].map((tile) => (
          <div key={tile} className={cx(block, 'h-20')} />
        ))}
      </div>
      <div className={cx(block, 'flex h-56 items-end gap-2 p-4')}>
        {heights.map((height, index) => (
          <div
            key={index}
            className="flex-1 rounded-t-md bg-slate-300 dark:bg-slate-700"
            style={{ height: `${height}%` }}
          />
        ))}
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        <div className={cx(block, 'h-24')} />
        <div className={cx(block, 'h-24')} />
      </div>
    </div>
  );
}

/**
 * Loading shapes, the error with a retry, a note while offline with nothing loaded, or the tab's
 * content once its data has arrived.
 */
export function QueryView<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (isWaitingOffline(query)) return <OfflineNote />;
  if (query.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Notice tone="error">
          {copy.loadFailed} {query.error.message}
        </Notice>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {copy.retry}
        </Button>
      </div>
    );
  }
  return (
    <div role="status" aria-label={copy.loading}>
      <SkeletonLayout isPulsing />
    </div>
  );
}
