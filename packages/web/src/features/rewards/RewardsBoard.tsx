import { isWaitingOffline } from '../../lib/query-state';
import type { Reward } from '@habitquest/contracts/rewards';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useRef, useState } from 'react';
import { meQuery } from '../me/queries';
import { useLimitGate } from '../pro/limits';
import { InventorySection } from './InventorySection';
import { useDeleteReward, useRedeem } from './mutations';
import { purchasesQuery, rewardsQuery } from './queries';
import type { ShopView } from './RewardGrid';
import type { RewardsSectionProps } from './RewardsSection';
import { ShopSection } from './ShopSection';
import { useReturnFocus } from './use-return-focus';
import { useFocusAfterRemoval } from '../../lib/use-focus-after-removal';
import { lazyDialog } from '../../app/lazy-part';

// The modal and the dialogs load on first use; the dialogs carry the form validation (zod).
const RewardsShopModal = lazyDialog(
  () => import('./RewardsShopModal'),
  (m) => m.RewardsShopModal,
);
const RewardFormDialog = lazyDialog(
  () => import('./RewardFormDialog'),
  (m) => m.RewardFormDialog,
);
const DeleteRewardDialog = lazyDialog(
  () => import('./DeleteRewardDialog'),
  (m) => m.DeleteRewardDialog,
);

const NO_REWARDS: readonly Reward[] = [];

type OpenDialog =
  | { kind: 'none' }
  | { kind: 'create' }
  | { kind: 'edit'; reward: Reward }
  | { kind: 'delete'; reward: Reward };

/** The shop and inventory sections, the shop modal and the reward dialogs, with their state. */
export function RewardsBoard({ isShopOpen, onShopOpenChange }: RewardsSectionProps) {
  const me = useQuery(meQuery);
  const rewards = useQuery(rewardsQuery);
  const purchases = useQuery(purchasesQuery);
  const { redeem, pendingId } = useRedeem();
  const remove = useDeleteReward();
  const [dialog, setDialog] = useState<OpenDialog>({ kind: 'none' });
  const guard = useLimitGate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shopFocusRef = useRef<HTMLDivElement>(null);
  useReturnFocus(isShopOpen, () => headingRef.current);
  const focusFallback = (): HTMLElement | null =>
    isShopOpen ? shopFocusRef.current : headingRef.current;
  useReturnFocus(dialog.kind !== 'none', focusFallback);
  // The card of a deleted reward leaves a moment after the confirmation closes (the focus went
  // back to its delete button), and a redeemed one not kept in the shop takes its Redeem button
  // along: then the focus goes to the shop's heading (or the open shop).
  const removing = useFocusAfterRemoval(rewards.data ?? NO_REWARDS, focusFallback);

  const closeDialog = (open: boolean): void => {
    if (!open) setDialog({ kind: 'none' });
  };
  const shop: ShopView = {
    state: isWaitingOffline(rewards)
      ? 'offline'
      : rewards.isPending
        ? 'loading'
        : rewards.isError
          ? 'error'
          : 'ready',
    rewards: rewards.data ?? [],
    points: me.data?.progress.points ?? 0,
    pendingId,
    onRetry: () => void rewards.refetch(),
    actions: {
      onRedeem: (reward) => {
        if (!reward.keepInShop) removing(reward.id);
        redeem(reward);
      },
      onAdd: () => {
        guard('rewards', () => {
          setDialog({ kind: 'create' });
        });
      },
      onEdit: (reward) => {
        setDialog({ kind: 'edit', reward });
      },
      onDelete: (reward) => {
        setDialog({ kind: 'delete', reward });
      },
    },
  };
  const timeZone = me.data?.settings.timeZone ?? 'UTC';

  return (
    <>
      <ShopSection
        shop={shop}
        headingRef={headingRef}
        onOpenShop={() => {
          onShopOpenChange(true);
        }}
      />
      <InventorySection
        purchases={purchases.data ?? []}
        state={isWaitingOffline(purchases) ? 'offline' : purchases.isPending ? 'loading' : 'ready'}
        timeZone={timeZone}
      />
      {/* One boundary each: a dialog loading must not hide the modal already on screen. */}
      <Suspense fallback={null}>
        {isShopOpen ? (
          <RewardsShopModal
            shop={shop}
            purchases={purchases.data ?? []}
            timeZone={timeZone}
            onOpenChange={onShopOpenChange}
            focusFallbackRef={shopFocusRef}
          />
        ) : null}
      </Suspense>
      <Suspense fallback={null}>
        {dialog.kind === 'create' || dialog.kind === 'edit' ? (
          <RewardFormDialog
            reward={dialog.kind === 'edit' ? dialog.reward : null}
            onOpenChange={closeDialog}
          />
        ) : null}
      </Suspense>
      <Suspense fallback={null}>
        {dialog.kind === 'delete' ? (
          <DeleteRewardDialog
            reward={dialog.reward}
            onOpenChange={closeDialog}
            onConfirm={() => {
              removing(dialog.reward.id);
              remove.mutate(dialog.reward);
              setDialog({ kind: 'none' });
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}
