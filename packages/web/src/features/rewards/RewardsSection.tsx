import type { LimitedResource } from '@habitquest/core/plan';
import { usePrefetchQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { purchasesQuery, rewardsQuery } from './queries';

export type RewardsSectionProps = {
  /** The Rewards Shop modal; the adventurer card opens it too, so its state lives above. */
  isShopOpen: boolean;
  onShopOpenChange: (open: boolean) => void;
  onLimitReached: (resource: LimitedResource, message: string) => void;
};

// Below the fold on most screens: the shop loads after the first paint, keeping the first
// download small, while its data is fetched at once alongside the code.
const RewardsBoard = lazy(() =>
  import('./RewardsBoard').then((m) => ({ default: m.RewardsBoard })),
);

function SectionSkeleton() {
  return (
    <div
      aria-hidden
      className="h-64 animate-pulse rounded-3xl border border-slate-200 bg-white shadow-sm motion-reduce:animate-none dark:border-slate-800 dark:bg-slate-900"
    />
  );
}

/** The dashboard's Rewards Shop and Inventory sections, with the shop modal (spec §2). */
export function RewardsSection(props: RewardsSectionProps) {
  usePrefetchQuery(rewardsQuery);
  usePrefetchQuery(purchasesQuery);
  return (
    <Suspense fallback={<SectionSkeleton />}>
      <RewardsBoard {...props} />
    </Suspense>
  );
}
