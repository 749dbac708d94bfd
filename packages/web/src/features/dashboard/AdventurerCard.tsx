import type { Me } from '@habitquest/contracts/me';
import { Coins, Flame, Medal, Store } from 'lucide-react';
import { memo, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { dashboardCopy as copy } from './copy';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { formatNumber } from '../../lib/format';
import { lazyPart } from '../../app/lazy-part';

// Its chunk loads when the status window first opens.
const AchievementList = lazyPart(
  () => import('../achievements/AchievementList'),
  (m) => m.AchievementList,
  { kind: 'section' },
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
      <Dialog
        open={isStatusOpen}
        onOpenChange={setIsStatusOpen}
        title={copy.statusTitle}
        description={copy.statusIntro}
        className="max-w-2xl"
      >
        <dl className="grid grid-cols-3 gap-3 text-center">
          {[
            [copy.totalXp, formatNumber(progress.xp)],
            [copy.points, formatNumber(progress.points)],
            [copy.currentStreak, copy.days(progress.streak)],
          ].map(([label, value]) => (
            <div key={label} className="rounded-2xl bg-slate-100 p-3 dark:bg-slate-800">
              <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
              <dd className="mt-1 text-lg font-bold text-slate-900 dark:text-white">{value}</dd>
            </div>
          ))}
        </dl>
        <AchievementList timeZone={me.settings.timeZone} />
        <Button
          className="mt-5 w-full"
          onClick={() => {
            setIsStatusOpen(false);
          }}
        >
          {copy.close}
        </Button>
      </Dialog>
    </section>
  );
});
