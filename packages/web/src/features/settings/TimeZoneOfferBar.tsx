import { Globe } from 'lucide-react';
import { settingsCopy as copy } from './copy';
import type { TimeZoneOffer } from './use-sync-time-zone';

const BUTTON =
  'inline-flex min-h-9 items-center rounded-lg px-3 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** The offer to use the device's zone for "today" (docs/decisions.md "time zone"), under the header. */
export function TimeZoneOfferBar({ offer }: { offer: TimeZoneOffer }) {
  return (
    <section
      aria-label={copy.timeZoneRegion}
      className="border-b border-indigo-200 bg-indigo-50 px-4 py-2 text-sm text-indigo-950 dark:border-indigo-400/20 dark:bg-indigo-400/10 dark:text-indigo-100"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-4 gap-y-2">
        <p className="flex min-w-0 items-center gap-2">
          <Globe aria-hidden className="size-4 shrink-0" />
          <span>{copy.timeZoneOffer(offer.zone)}</span>
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={offer.onSwitch}
            className={`${BUTTON} bg-indigo-700 text-white hover:bg-indigo-800 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300`}
          >
            {copy.switchZone}
          </button>
          <button
            type="button"
            onClick={offer.onKeep}
            className={`${BUTTON} border border-indigo-300 text-indigo-950 hover:bg-indigo-100 dark:border-indigo-400/40 dark:text-indigo-100 dark:hover:bg-indigo-400/15`}
          >
            {copy.keepZone}
          </button>
        </div>
      </div>
    </section>
  );
}
