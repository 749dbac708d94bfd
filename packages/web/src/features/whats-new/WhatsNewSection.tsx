import { lazy, Suspense } from 'react';

// Below the fold and static: it loads after the first screen, keeping the first download small.
const WhatsNewPanel = lazy(() =>
  import('./WhatsNewPanel').then((m) => ({ default: m.WhatsNewPanel })),
);

/** The What's New panel, loaded on demand. */
export function WhatsNewSection({ isPro }: { isPro: boolean }) {
  return (
    <Suspense fallback={null}>
      <WhatsNewPanel isPro={isPro} />
    </Suspense>
  );
}
