import { OfflineNote } from '../offline/OfflineNote';
import type { Reward } from '@habitquest/contracts/rewards';
import { ArrowUp, Gift, Plus } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../components/ui/Button';
import { cx } from '../../components/ui/cx';
import { ScrollArea } from '../../components/ui/ScrollArea';
import { rewardsCopy as copy } from './copy';
import { RewardCard } from './RewardCard';

/** docs/product.md: more than this many rewards adds a scroll-to-top button. */
const SCROLL_TOP_ABOVE = 6;

export type RewardActions = {
  onRedeem: (reward: Reward) => void;
  onEdit: (reward: Reward) => void;
  onDelete: (reward: Reward) => void;
  onAdd: () => void;
};

/** What the section and the modal both show of the shop. */
export type ShopView = {
  state: 'loading' | 'offline' | 'error' | 'ready';
  rewards: readonly Reward[];
  points: number;
  pendingId: string | null;
  onRetry: () => void;
  actions: RewardActions;
};

/**
 * The shop's rewards in a grid scrolling past `maxHeight`, or its loading, offline, error or empty
 * state.
 */
export function RewardGrid({ shop, maxHeight }: { shop: ShopView; maxHeight: string }) {
  const { state, rewards, points, pendingId, onRetry, actions } = shop;
  const scroller = useRef<HTMLDivElement>(null);
  if (state === 'loading') {
    return (
      <ul aria-hidden className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {[0, 1].map((i) => (
          <li
            key={i}
            className="h-32 animate-pulse rounded-2xl bg-slate-100 motion-reduce:animate-none dark:bg-slate-800/60"
          />
        ))}
      </ul>
    );
  }
  if (state === 'offline') return <OfflineNote />;
  if (state === 'error') {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200"
      >
        {copy.loadFailed}
        <Button variant="secondary" onClick={onRetry}>
          {copy.retry}
        </Button>
      </div>
    );
  }
  if (rewards.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700">
        <span className="grid size-12 place-items-center rounded-2xl bg-amber-100 text-amber-700 dark:bg-amber-400/15 dark:text-amber-300">
          <Gift aria-hidden className="size-6" />
        </span>
        <h3 className="mt-1 text-base font-bold text-slate-900 dark:text-white">
          {copy.emptyShopTitle}
        </h3>
        <p className="max-w-xs text-sm text-slate-600 dark:text-slate-300">{copy.emptyShopText}</p>
        <Button className="mt-3" onClick={actions.onAdd}>
          <Plus aria-hidden className="size-4" />
          {copy.addFirstReward}
        </Button>
      </div>
    );
  }
  const scrollToTop = (): void => {
    const isReduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    scroller.current?.scrollTo({ top: 0, behavior: isReduced ? 'auto' : 'smooth' });
  };
  return (
    <div className="flex flex-col gap-2">
      <ScrollArea ref={scroller} label={copy.gridLabel} className={cx('-m-1 p-1', maxHeight)}>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {rewards.map((reward) => (
            <RewardCard
              key={reward.id}
              reward={reward}
              points={points}
              isPending={pendingId === reward.id}
              onRedeem={() => {
                actions.onRedeem(reward);
              }}
              onEdit={() => {
                actions.onEdit(reward);
              }}
              onDelete={() => {
                actions.onDelete(reward);
              }}
            />
          ))}
        </ul>
      </ScrollArea>
      {rewards.length > SCROLL_TOP_ABOVE ? (
        <Button variant="ghost" className="self-end" onClick={scrollToTop}>
          <ArrowUp aria-hidden className="size-4" />
          {copy.scrollToTop}
        </Button>
      ) : null}
    </div>
  );
}
