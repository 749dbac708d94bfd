import { usePrefetchQuery } from '@tanstack/react-query';
import { memo, Suspense } from 'react';
import { purchasesQuery, rewardsQuery } from './queries';
import { lazyPart } from '../../app/lazy-part';

export type RewardsSectionProps = {
  /** The Rewards Shop modal; the adventurer card opens it too, so its state lives above. */
  isShopOpen: boolean;
  onShopOpenChange: (open: boolean) => void;
};

// Below the fold on most screens: the shop loads after the first paint, keeping the first
// download small, while its data is fetched at once alongside the code.
const RewardsBoard = lazyPart(
  () => import('./RewardsBoard'),
  (m) => m.RewardsBoard,
  { kind: 'section' },
);

function SectionSkeleton() {
  return (
    <div
      aria-hidden
      className="h-64 animate-pulse rounded-3xl border border-slate-200 bg-white shadow-sm motion-reduce:animate-none dark:border-slate-800 dark:bg-slate-900"
    />
  );
}

/** The dashboard's Rewards Shop and Inventory sections, with the shop modal (docs/product.md). */
export const RewardsSection = memo(function RewardsSection(props: RewardsSectionProps) {
  usePrefetchQuery(rewardsQuery);
  usePrefetchQuery(purchasesQuery);
  return (
    <Suspense fallback={<SectionSkeleton />}>
      <RewardsBoard {...props} />
    </Suspense>
  );
});
