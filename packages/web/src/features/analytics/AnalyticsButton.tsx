import type { Me } from '@habitquest/contracts/me';
import { localDateOf } from '@habitquest/core/dates';
import { ChartColumn } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { analyticsLaunchCopy as copy } from './launch-copy';

// The dashboard, its charts (Recharts) and its queries load when first opened.
const AnalyticsModal = lazy(() =>
  import('./AnalyticsModal').then((m) => ({ default: m.AnalyticsModal })),
);

/** The hero's 'Analytics' button and the modal it opens. */
export function AnalyticsButton({ me, className }: { me: Me; className?: string }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setIsOpen(true);
        }}
        className={className}
      >
        <ChartColumn aria-hidden className="size-4" />
        {copy.button}
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          <AnalyticsModal
            isPro={me.plan.isPro}
            today={localDateOf(new Date(), me.settings.timeZone)}
            onClose={() => {
              setIsOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
