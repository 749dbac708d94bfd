import type { Me } from '@habitquest/contracts/me';
import { Coins, Flame, Medal, Store } from 'lucide-react';
import { memo, Suspense, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { dashboardCopy as copy } from './copy';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { formatNumber } from '../../lib/format';
import { lazyDialog } from '../../app/lazy-part';

// Its chunk (with the achievements and the dialog's code) loads when the window first opens.
const StatusDialog = lazyDialog(
  () => import('./StatusDialog'),
  (m) => m.StatusDialog,
);

/** Today's date, level, XP to the next level, points and the day streak (docs/product.md). */
export const AdventurerCard = memo(function AdventurerCard({
  me,
  todayLabel,
  onOpenShop,
}: {
  me: Me;
  todayLabel: string;
  onOpenShop: () => void;
}) {
  const [isStatusOpen, setIsStatusOpen] = useState(false);
  const { progress } = me;
  const toNext = progress.xpForNextLevel - progress.xpIntoLevel;
  return (
    <section
      aria-labelledby="adventurer-heading"
      className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-center justify-between gap-3">
        <div>
          <h2
            id="adventurer-heading"
            className="text-sm font-medium text-slate-600 dark:text-slate-300"
          >
            {copy.adventurer}
          </h2>
          <p className="text-xs text-slate-500 dark:text-slate-400">{todayLabel}</p>
        </div>
        <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
          <Flame aria-hidden className="size-4" />
          <span className="sr-only">{copy.dayStreak}:</span> {copy.days(progress.streak)}
        </span>
      </div>
      <p className="mt-3 text-3xl font-extrabold text-slate-900 dark:text-white">
        {copy.level(progress.level)}
      </p>
      <ProgressBar
        value={progress.percent}
        label="Progress to the next level"
        size="md"
        className="mt-3"
        barClassName="bg-accent-gradient"
      />
      <div className="mt-2 flex items-center justify-between text-sm text-slate-600 dark:text-slate-300">
        <span>{copy.xpToNext(toNext, progress.level + 1)}</span>
        <span>{progress.percent}%</span>
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <span className="inline-flex items-center gap-1.5 rounded-xl bg-slate-100 px-3 py-2 text-sm font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          <Coins aria-hidden className="size-4 text-amber-600 dark:text-amber-300" />
          {formatNumber(progress.points)}{' '}
          <span className="font-normal">{copy.pointsUnit(progress.points)}</span>
        </span>
        <Button
          variant="secondary"
          onClick={() => {
            setIsStatusOpen(true);
          }}
        >
          <Medal aria-hidden className="size-4" />
          {copy.viewStatus}
        </Button>
        <Button variant="secondary" onClick={onOpenShop}>
          <Store aria-hidden className="size-4" />
          {copy.rewardShop}
        </Button>
      </div>
      <Suspense fallback={null}>
        {isStatusOpen ? (
          <StatusDialog
            me={me}
            onClose={() => {
              setIsStatusOpen(false);
            }}
          />
        ) : null}
      </Suspense>
    </section>
  );
});
