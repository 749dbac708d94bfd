import type { Reward } from '@habitquest/contracts/rewards';
import { Gift, Lock, Repeat, Sparkles } from 'lucide-react';
import { IconButton } from '../../components/ui/IconButton';
import { Button } from '../../components/ui/Button';
import { cx } from '../../components/ui/cx';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { rewardsCopy as copy } from './copy';
import { canRedeem } from '@habitquest/core/rewards';
import { pointsShort } from './shop-model';
import { emojiPresentation } from '../../lib/emoji';

function Badges({ reward }: { reward: Reward }) {
  if (!reward.rarity && !reward.keepInShop) return null;
  return (
    <div className="mt-1.5 flex flex-wrap gap-1.5 text-xs">
      {reward.rarity ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-violet-50 px-2 py-0.5 font-medium capitalize text-violet-800 dark:bg-violet-400/15 dark:text-violet-200">
          <Sparkles aria-hidden className="size-3" />
          {reward.rarity}
        </span>
      ) : null}
      {reward.keepInShop ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-2 py-0.5 font-medium text-sky-800 dark:bg-sky-400/15 dark:text-sky-200">
          <Repeat aria-hidden className="size-3" />
          {copy.keptInShop}
        </span>
      ) : null}
    </div>
  );
}

/** One reward: icon, name, description, cost, edit/delete (hover, focus, touch) and Redeem. */
export function RewardCard({
  reward,
  points,
  isPending,
  onRedeem,
  onEdit,
  onDelete,
}: {
  reward: Reward;
  points: number;
  isPending: boolean;
  onRedeem: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const isAffordable = canRedeem(points, reward.cost);
  const short = pointsShort(points, reward.cost);
  return (
    <li className="group relative flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-slate-300 hover:shadow-md dark:border-slate-800 dark:bg-slate-900 dark:hover:border-slate-700">
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className="grid size-11 shrink-0 place-items-center rounded-xl bg-gradient-to-br from-amber-100 to-rose-100 text-2xl dark:from-amber-400/15 dark:to-rose-400/15"
        >
          {reward.icon ? (
            emojiPresentation(reward.icon)
          ) : (
            <Gift className="size-5 text-amber-700 dark:text-amber-300" />
          )}
        </span>
        <div className="min-w-0 flex-1">
          <h3
            title={reward.name}
            className="line-clamp-3 pr-16 font-semibold text-slate-900 wrap-anywhere sm:pointer-fine:pr-0 dark:text-white"
          >
            {reward.name}
          </h3>
          {reward.description ? (
            <p
              title={reward.description}
              className="mt-0.5 line-clamp-2 text-sm text-slate-600 wrap-anywhere dark:text-slate-300"
            >
              {reward.description}
            </p>
          ) : null}
          <Badges reward={reward} />
        </div>
      </div>
      {/* Where a mouse can hover, the actions appear over the name's end only on hover or focus,
          on a backing of the card's colour; elsewhere the name keeps their room free. */}
      <div className="absolute right-2 top-2 flex gap-0.5 rounded-lg transition sm:pointer-fine:bg-white sm:pointer-fine:opacity-0 sm:group-hover:opacity-100 sm:group-focus-within:opacity-100 sm:pointer-fine:dark:bg-slate-900">
        <IconButton action="edit" label={copy.edit(reward.name)} onClick={onEdit} />
        <IconButton action="delete" label={copy.remove(reward.name)} onClick={onDelete} />
      </div>
      <div className="mt-auto flex flex-col gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-2">
          <p className="whitespace-nowrap text-sm font-bold tabular-nums text-amber-800 dark:text-amber-200">
            {copy.cost(reward.cost)}
          </p>
          {isAffordable ? null : (
            <p className="whitespace-nowrap text-xs text-slate-600 dark:text-slate-400">
              {copy.needMore(short)}
            </p>
          )}
        </div>
        {isAffordable ? null : (
          <ProgressBar
            className="h-1.5"
            barClassName="bg-amber-500"
            value={points <= 0 ? 0 : (points / reward.cost) * 100}
            label={copy.needMore(short)}
          />
        )}
        <Button
          variant={isAffordable ? 'primary' : 'ghost'}
          disabled={!isAffordable || isPending}
          onClick={onRedeem}
          // Which reward, for a screen reader going from button to button; it starts with the
          // visible word, so a voice command "Redeem" still finds it.
          aria-label={
            isAffordable && !isPending ? copy.redeemLabel(reward.name, reward.cost) : undefined
          }
          className={cx(
            'mt-1 min-h-9 w-full',
            !isAffordable && 'bg-slate-100 disabled:opacity-100 dark:bg-slate-800',
          )}
        >
          {isAffordable ? (
            <Gift aria-hidden className="size-4" />
          ) : (
            <Lock aria-hidden className="size-4" />
          )}
          {isAffordable ? (isPending ? copy.redeeming : copy.redeem) : copy.notEnoughPoints}
        </Button>
      </div>
    </li>
  );
}
