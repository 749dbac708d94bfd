/**
 * The achievements in the status window (docs/product.md "Achievements"): unlocked ones in
 * colour with the day they were unlocked, locked ones greyed with what earns them and how far
 * the user is. Loaded on first open: it is not part of the first download.
 */
import type { AchievementState } from '@habitquest/contracts/achievements';
import { localDateOf } from '@habitquest/core/dates';
import { useQuery } from '@tanstack/react-query';
import {
  Check,
  CircleCheck,
  Flame,
  Gift,
  Lock,
  Sprout,
  Star,
  Sun,
  Target,
  Trophy,
  type LucideIcon,
} from 'lucide-react';
import { cx } from '../../components/ui/cx';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { formatDate } from '../../lib/format';
import { achievementsCopy as copy } from './copy';
import { achievementsQuery } from './queries';
import { isWaitingOffline } from '../../lib/query-state';
import { OfflineNote } from '../offline/OfflineNote';

const ICONS: Record<string, LucideIcon> = {
  flame: Flame,
  star: Star,
  'check-circle': CircleCheck,
  sprout: Sprout,
  check: Check,
  gift: Gift,
  sun: Sun,
  target: Target,
};

export function AchievementList({ timeZone }: { timeZone: string }) {
  const query = useQuery(achievementsQuery);
  if (isWaitingOffline(query)) return <OfflineNote />;
  if (query.isPending) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">{copy.loading}</p>;
  }
  if (query.isError) {
    return <p className="text-sm text-rose-700 dark:text-rose-300">{copy.failed}</p>;
  }
  const list = query.data.achievements;
  const unlockedCount = list.filter((a) => a.unlockedAt !== null).length;
  return (
    <section aria-labelledby="achievements-heading" className="mt-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3
          id="achievements-heading"
          className="text-base font-bold text-slate-900 dark:text-white"
        >
          {copy.heading}
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {copy.summary(unlockedCount, list.length)}
        </p>
      </div>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {list.map((achievement) => (
          <AchievementItem key={achievement.id} achievement={achievement} timeZone={timeZone} />
        ))}
      </ul>
    </section>
  );
}

function AchievementItem({
  achievement,
  timeZone,
}: {
  achievement: AchievementState;
  timeZone: string;
}) {
  const Icon = ICONS[achievement.icon] ?? Trophy;
  const { unlockedAt, progress } = achievement;
  const isUnlocked = unlockedAt !== null;
  return (
    <li
      className={cx(
        'flex min-w-0 items-start gap-3 rounded-2xl border p-3',
        isUnlocked
          ? 'border-amber-300 bg-amber-50 dark:border-amber-400/40 dark:bg-amber-400/10'
          : 'border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800/60',
      )}
    >
      <span
        aria-hidden
        className={cx(
          'relative flex size-10 shrink-0 items-center justify-center rounded-full',
          isUnlocked
            ? 'bg-gradient-to-br from-amber-400 to-orange-500 text-white shadow-sm'
            : 'bg-slate-200 text-slate-500 grayscale dark:bg-slate-700 dark:text-slate-400',
        )}
      >
        <Icon className="size-5" />
        {isUnlocked ? null : (
          <Lock className="absolute -bottom-0.5 -right-0.5 size-4 rounded-full bg-white p-0.5 text-slate-600 dark:bg-slate-900 dark:text-slate-300" />
        )}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900 wrap-anywhere dark:text-white">
          {achievement.title}
          {isUnlocked ? null : <span className="sr-only"> ({copy.locked})</span>}
        </p>
        <p className="text-xs text-slate-700 wrap-anywhere dark:text-slate-300">
          {achievement.condition}
        </p>
        {isUnlocked ? (
          <p className="mt-1 text-xs font-medium text-amber-800 dark:text-amber-200">
            {copy.unlockedOn(
              formatDate(localDateOf(new Date(unlockedAt), timeZone), 'monthDayYear'),
            )}
          </p>
        ) : (
          <div className="mt-2 flex items-center gap-2">
            <ProgressBar
              className="flex-1"
              barClassName="bg-slate-500 dark:bg-slate-400"
              value={(progress.current / progress.target) * 100}
              label={copy.progressLabel(achievement.title)}
            />
            <span className="shrink-0 text-xs tabular-nums text-slate-700 dark:text-slate-300">
              {copy.progress(progress.current, progress.target)}
            </span>
          </div>
        )}
      </div>
    </li>
  );
}
