import type { Purchase } from '@habitquest/contracts/rewards';
import { Gift } from 'lucide-react';
import { cx } from '../../components/ui/cx';
import { rewardsCopy as copy } from './copy';
import { formatRedeemedAt, purchaseLabel } from './shop-model';
import { emojiPresentation } from '../../lib/emoji';

/** Redeemed rewards, newest first: name, cost in points and when each was redeemed. */
export function InventoryList({
  purchases,
  timeZone,
}: {
  purchases: readonly Purchase[];
  timeZone: string;
}) {
  return (
    <ul className="flex flex-col gap-2">
      {purchases.map((purchase) => {
        const { name, cost } = purchaseLabel(purchase);
        const isPending = purchase.id.startsWith('pending-');
        return (
          <li
            key={purchase.id}
            aria-busy={isPending || undefined}
            className={cx(
              'flex items-center gap-3 rounded-2xl border border-slate-200 bg-slate-50/70 p-3 transition dark:border-slate-800 dark:bg-slate-950/40',
              isPending && 'opacity-70',
            )}
          >
            <span
              aria-hidden
              className="grid size-10 shrink-0 place-items-center rounded-xl bg-white text-xl shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
            >
              {purchase.rewardIcon ? (
                emojiPresentation(purchase.rewardIcon)
              ) : (
                <Gift className="size-5 text-emerald-700 dark:text-emerald-300" />
              )}
            </span>
            <div className="min-w-0 flex-1">
              <p
                title={name}
                className="line-clamp-2 font-semibold text-slate-900 wrap-anywhere dark:text-white"
              >
                {name}
              </p>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {copy.redeemed}{' '}
                <time dateTime={purchase.purchasedAt}>
                  {formatRedeemedAt(purchase.purchasedAt, timeZone)}
                </time>
              </p>
            </div>
            <span className="shrink-0 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-bold tabular-nums text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
              {copy.pts(cost)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
