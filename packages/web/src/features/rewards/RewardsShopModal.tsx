import type { Purchase } from '@habitquest/contracts/rewards';
import { Plus } from 'lucide-react';
import type { Ref } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { ScrollArea } from '../../components/ui/ScrollArea';
import { rewardsCopy as copy } from './copy';
import { InventoryList } from './InventoryList';
import { PointsBalance } from './PointsBalance';
import { RewardGrid, type ShopView } from './RewardGrid';

/**
 * The Rewards Shop modal (docs/product.md): balance, 'Add Reward', the reward grid and, once something is
 * redeemed, 'Your Inventory (count)'. Escape, the close button and the backdrop close it.
 */
export function RewardsShopModal({
  shop,
  purchases,
  timeZone,
  onOpenChange,
  focusFallbackRef,
}: {
  shop: ShopView;
  purchases: readonly Purchase[];
  timeZone: string;
  onOpenChange: (open: boolean) => void;
  focusFallbackRef: Ref<HTMLDivElement>;
}) {
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={copy.shopHeading}
      description={copy.shopIntro}
      className="sm:max-w-3xl sm:p-8"
    >
      <div
        ref={focusFallbackRef}
        tabIndex={-1}
        className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-slate-50 p-3 focus:outline-none dark:bg-slate-950/50"
      >
        <PointsBalance points={shop.points} isLarge />
        <Button className="grow sm:grow-0" onClick={shop.actions.onAdd}>
          <Plus aria-hidden className="size-4" />
          {copy.addReward}
        </Button>
      </div>
      {shop.points < 0 ? (
        <p className="mt-3 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200">
          {copy.negativeBalance}
        </p>
      ) : null}
      <div className="mt-5">
        {/* docs/product.md: the shop grid is about 24rem high at most. */}
        <RewardGrid shop={shop} maxHeight="max-h-[24rem]" />
      </div>
      {purchases.length > 0 ? (
        <div className="mt-6 border-t border-slate-200 pt-5 dark:border-slate-800">
          <h3 className="text-base font-bold text-slate-900 dark:text-white">
            {copy.inventoryCount(purchases.length)}
          </h3>
          <ScrollArea label={copy.inventoryListLabel} className="-m-1 mt-2 max-h-[400px] p-1">
            <InventoryList purchases={purchases} timeZone={timeZone} />
          </ScrollArea>
        </div>
      ) : null}
    </Dialog>
  );
}
