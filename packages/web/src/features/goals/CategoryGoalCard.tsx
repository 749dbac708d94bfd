import type { GoalStatus } from '@habitquest/core/stats';
import { CheckCircle2, Lock } from 'lucide-react';
import { IconButton } from '../../components/ui/IconButton';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { cx } from '../../components/ui/cx';
import { ColorTile } from '../habits/habit-icons';
import { categoryIcon } from './category-icon';
import { goalsCopy as copy } from './copy';
import type { CategoryGoal } from './goal-model';
import { TargetInput } from './TargetInput';
import { formatNumber } from '../../lib/format';

const STATUS_TONES: Record<GoalStatus, string> = {
  'Complete!': 'bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300',
  'Almost there!': 'bg-sky-100 text-sky-800 dark:bg-sky-400/15 dark:text-sky-300',
  'Halfway!': 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  'Keep going!': 'bg-slate-200/70 text-slate-700 dark:bg-slate-700/60 dark:text-slate-200',
};

const NO_TARGET_TONE = 'bg-slate-200/70 text-slate-700 dark:bg-slate-700/60 dark:text-slate-200';

/** One category's month: XP against the target, the capped bar, status, target and delete. */
export function CategoryGoalCard({
  goal,
  onTargetChange,
  onDelete,
}: {
  goal: CategoryGoal;
  onTargetChange: (target: number) => void;
  onDelete: () => void;
}) {
  const { category, progress } = goal;
  // A 0 target is 'No target': no fraction of nothing, no bar, no 'Complete!'.
  const hasTarget = progress.target > 0;
  const isMet = hasTarget && progress.isMet;
  const CategoryIcon = categoryIcon(category.name, category.isFallback);
  return (
    <li
      className={cx(
        'flex min-w-0 flex-col gap-3 rounded-2xl border p-4 transition hover:shadow-sm',
        isMet
          ? 'border-emerald-300 bg-emerald-50/60 dark:border-emerald-500/40 dark:bg-emerald-500/5'
          : 'border-slate-200 bg-slate-50/70 hover:border-slate-300 dark:border-slate-800 dark:bg-slate-950/40 dark:hover:border-slate-700',
      )}
    >
      {/* As tall as a two-line name, so the cards of a row keep their figures level. */}
      <div className="flex min-h-10 items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2.5">
          <ColorTile color={category.color} className="size-8 rounded-lg">
            <CategoryIcon className="size-4" />
          </ColorTile>
          <h3
            title={category.name}
            className="line-clamp-2 text-sm font-bold tracking-wide text-slate-900 wrap-anywhere dark:text-white"
          >
            {category.name}
          </h3>
        </div>
        {category.isFallback ? null : (
          <IconButton
            action="delete"
            label={copy.deleteCategoryLabel(category.name)}
            onClick={onDelete}
            className="-mr-1.5 shrink-0"
          />
        )}
      </div>
      {hasTarget ? (
        <>
          <div className="flex flex-wrap items-end justify-between gap-x-2">
            <p className="text-sm text-slate-600 dark:text-slate-300">
              <span className="text-2xl font-extrabold tabular-nums text-slate-900 dark:text-white">
                {formatNumber(progress.xp)}
              </span>{' '}
              / {formatNumber(progress.target)} {copy.xpUnit}
              <span className="sr-only"> {copy.thisMonth}</span>
            </p>
            <p className="text-lg font-bold tabular-nums text-slate-900 dark:text-white">
              {progress.percent}%
            </p>
          </div>
          <ProgressBar
            value={progress.barPercent}
            label={copy.progressLabel(category.name)}
            barStyle={{ backgroundColor: category.color }}
          />
        </>
      ) : (
        <div className="flex flex-col gap-1">
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <span className="text-2xl font-extrabold tabular-nums text-slate-900 dark:text-white">
              {formatNumber(progress.xp)}
            </span>{' '}
            {copy.xpUnit} {copy.thisMonth}
          </p>
          <p className="text-xs text-slate-600 dark:text-slate-400">{copy.noTargetHint}</p>
        </div>
      )}
      <div className="flex flex-wrap items-start justify-between gap-2">
        <span
          className={cx(
            'mt-1 inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold',
            hasTarget ? STATUS_TONES[progress.status] : NO_TARGET_TONE,
          )}
        >
          {isMet ? <CheckCircle2 aria-hidden className="size-3.5" /> : null}
          {hasTarget ? copy.status[progress.status] : copy.noTarget}
        </span>
        <TargetInput name={category.name} value={progress.target} onSave={onTargetChange} />
      </div>
      {category.isFallback ? (
        <p className="flex items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
          <Lock aria-hidden className="size-3.5" />
          {copy.protectedCategory}
        </p>
      ) : null}
    </li>
  );
}
