import { Store } from 'lucide-react';
import type { Ref } from 'react';
import { Button } from '../../components/ui/Button';
import { rewardsCopy as copy } from './copy';
import { PointsBalance } from './PointsBalance';
import { RewardGrid, type ShopView } from './RewardGrid';

/** The dashboard's Rewards Shop section (docs/product.md): the rate, 'Open Shop' and the reward cards. */
export function ShopSection({
  shop,
  onOpenShop,
  headingRef,
}: {
  shop: ShopView;
  onOpenShop: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  return (
    <section
      aria-labelledby="shop-heading"
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-1 basis-64 items-start gap-3">
          <span className="bg-accent-gradient grid size-10 shrink-0 place-items-center rounded-2xl shadow-md shadow-indigo-500/20">
            <Store aria-hidden className="size-5" />
          </span>
          <div className="min-w-0">
            <h2
              id="shop-heading"
              ref={headingRef}
              tabIndex={-1}
              className="text-lg font-bold text-slate-900 focus:outline-none dark:text-white"
            >
              {copy.shopHeading}
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-300">{copy.shopIntro}</p>
          </div>
        </div>
        <div className="flex items-center gap-2">
          <PointsBalance points={shop.points} />
          <Button onClick={onOpenShop}>{copy.openShop}</Button>
        </div>
      </div>
      {shop.points < 0 ? (
        <p className="mt-4 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-500/10 dark:text-red-200">
          {copy.negativeBalance}
        </p>
      ) : null}
      <div className="mt-5">
        {/* Room for the free plan's six rewards before the grid scrolls. */}
        <RewardGrid shop={shop} maxHeight="max-h-[40rem]" />
      </div>
    </section>
  );
}
