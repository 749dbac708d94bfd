import { Coins } from 'lucide-react';
import { cx } from '../../components/ui/cx';
import { rewardsCopy as copy } from './copy';

/** The point balance; a negative one (after an undo) shows as it is, in a warning colour. */
export function PointsBalance({ points, isLarge = false }: { points: number; isLarge?: boolean }) {
  const isNegative = points < 0;
  return (
    <p
      className={cx(
        'inline-flex items-center gap-2 font-semibold',
        isLarge
          ? 'rounded-2xl px-4 py-2.5 ring-1 ring-inset'
          : 'rounded-xl px-3 py-2 text-sm ring-1 ring-inset',
        isNegative
          ? 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-500/10 dark:text-red-200 dark:ring-red-500/30'
          : 'bg-amber-50 text-amber-900 ring-amber-200 dark:bg-amber-400/10 dark:text-amber-100 dark:ring-amber-400/25',
      )}
    >
      <Coins
        aria-hidden
        className={cx(
          'shrink-0',
          isLarge ? 'size-6' : 'size-4',
          isNegative ? 'text-red-600 dark:text-red-300' : 'text-amber-600 dark:text-amber-300',
        )}
      />
      <span className={isLarge ? 'flex flex-col leading-tight' : 'contents'}>
        <span className={isLarge ? 'text-xs font-medium opacity-80' : 'sr-only'}>
          {copy.balanceLabel}
          {isLarge ? null : ':'}
        </span>
        <span className={cx('tabular-nums', isLarge && 'text-2xl font-extrabold')}>
          {copy.pts(points)}
        </span>
      </span>
    </p>
  );
}
