import type { Purchase } from '@habitquest/contracts/rewards';
import { Backpack } from 'lucide-react';
import { OfflineNote } from '../offline/OfflineNote';
import { ScrollArea } from '../../components/ui/ScrollArea';
import { rewardsCopy as copy } from './copy';
import { InventoryList } from './InventoryList';

/** The dashboard's inventory (docs/product.md): every redeemed reward, in a list of at most 600px. */
export function InventorySection({
  purchases,
  state,
  timeZone,
}: {
  purchases: readonly Purchase[];
  /** 'offline': never loaded on this device, and the server is out of reach. */
  state: 'loading' | 'offline' | 'ready';
  timeZone: string;
}) {
  return (
    <section
      aria-labelledby="inventory-heading"
      className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-2xl bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-200">
          <Backpack aria-hidden className="size-5" />
        </span>
        <div>
          <h2 id="inventory-heading" className="text-lg font-bold text-slate-900 dark:text-white">
            {copy.inventoryHeading}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {copy.earned(purchases.length)}
          </p>
        </div>
      </div>
      <div className="mt-5">
        {state === 'loading' ? (
          <div
            aria-hidden
            className="h-16 animate-pulse rounded-2xl bg-slate-100 motion-reduce:animate-none dark:bg-slate-800/60"
          />
        ) : state === 'offline' ? (
          <OfflineNote />
        ) : purchases.length === 0 ? (
          <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-8 text-center dark:border-slate-700">
            <p className="font-semibold text-slate-900 dark:text-white">
              {copy.emptyInventoryTitle}
            </p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {copy.emptyInventoryText}
            </p>
          </div>
        ) : (
          <ScrollArea label={copy.inventoryListLabel} className="-m-1 max-h-[600px] p-1">
            <InventoryList purchases={purchases} timeZone={timeZone} />
          </ScrollArea>
        )}
      </div>
    </section>
  );
}
