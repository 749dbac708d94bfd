import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button';
import { cx } from '../../components/ui/cx';
import { Notice } from '../../components/ui/Notice';
import { goalsCopy as copy } from './copy';
import type { CategoryGoal } from './goal-model';

const GRID = 'grid grid-cols-1 gap-3 @lg:grid-cols-2 @4xl:grid-cols-3 @7xl:grid-cols-4';

/** The goal cards, or a skeleton while they load, a retry when they fail, a hint when empty. */
export function GoalList({
  state,
  goals,
  onRetry,
  renderGoal,
}: {
  state: 'loading' | 'error' | 'ready';
  goals: readonly CategoryGoal[];
  onRetry: () => void;
  renderGoal: (goal: CategoryGoal) => ReactNode;
}) {
  if (state === 'loading') {
    return (
      <div role="status" aria-live="polite" className={cx('mt-5', GRID)}>
        <span className="sr-only">{copy.loading}</span>
        {[0, 1, 2, 3].map((index) => (
          <div
            key={index}
            aria-hidden
            className="h-40 animate-pulse rounded-2xl bg-slate-100 motion-reduce:animate-none dark:bg-slate-800/60"
          />
        ))}
      </div>
    );
  }
  if (state === 'error') {
    return (
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <Notice tone="error">{copy.loadFailed}</Notice>
        <Button variant="secondary" onClick={onRetry}>
          <RotateCw aria-hidden className="size-4" />
          {copy.retry}
        </Button>
      </div>
    );
  }
  if (goals.length === 0) {
    return (
      <p className="mt-5 rounded-2xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
        {copy.empty}
      </p>
    );
  }
  return <ul className={cx('mt-4', GRID)}>{goals.map(renderGoal)}</ul>;
}
