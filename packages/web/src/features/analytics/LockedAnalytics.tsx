import { Crown, Lock } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { analyticsCopy as copy } from './copy';
import { SkeletonLayout } from './parts';

/**
 * What a free user sees (docs/product.md): the dashboard's shape blurred and inert (no figures: the server
 * would refuse them, and invented numbers would mislead) under 'Unlock Full Analytics'.
 */
export function LockedAnalytics({ onUpgrade }: { onUpgrade: () => void }) {
  return (
    <div className="relative">
      <div inert className="pointer-events-none select-none blur-sm">
        <div className="mb-4 flex gap-1 rounded-2xl bg-slate-100 p-1 dark:bg-slate-800">
          {Object.values(copy.tabs).map((tab) => (
            <span key={tab} className="min-h-10 flex-1 rounded-xl bg-slate-200 dark:bg-slate-700" />
          ))}
        </div>
        <SkeletonLayout />
      </div>
      <div className="absolute inset-0 flex items-center justify-center p-4">
        <section
          aria-labelledby="unlock-analytics"
          className="max-w-sm rounded-3xl border border-slate-200 bg-white p-6 text-center shadow-xl dark:border-slate-700 dark:bg-slate-900"
        >
          <span className="bg-accent-gradient mx-auto inline-flex size-12 items-center justify-center rounded-2xl">
            <Lock aria-hidden className="size-6" />
          </span>
          <h3
            id="unlock-analytics"
            className="mt-3 text-lg font-bold text-slate-900 dark:text-white"
          >
            {copy.unlockTitle}
          </h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{copy.unlockText}</p>
          <Button className="mt-4 w-full" onClick={onUpgrade}>
            <Crown aria-hidden className="size-4" />
            {copy.upgradeToPro}
          </Button>
        </section>
      </div>
    </div>
  );
}
