import { memo, Suspense } from 'react';
import { lazyPart } from '../../app/lazy-part';

// Below the fold and static: it loads after the first screen, keeping the first download small.
const WhatsNewPanel = lazyPart(
  () => import('./WhatsNewPanel'),
  (m) => m.WhatsNewPanel,
  { kind: 'section' },
);

/** The What's New panel, loaded on demand. */
export const WhatsNewSection = memo(function WhatsNewSection({ isPro }: { isPro: boolean }) {
  return (
    <Suspense fallback={null}>
      <WhatsNewPanel isPro={isPro} />
    </Suspense>
  );
});
