import { lazy, Suspense } from 'react';
import type { BillingReturn } from './billing-return';

const ProWelcomeDialog = lazy(() =>
  import('./ProWelcomeDialog').then((m) => ({ default: m.ProWelcomeDialog })),
);
const CheckoutCancelledDialog = lazy(() =>
  import('./CheckoutCancelledDialog').then((m) => ({ default: m.CheckoutCancelledDialog })),
);

/** The dialog a return from checkout shows over the dashboard, loaded only when one happens. */
export function BillingReturnHost({
  billing,
  onClose,
}: {
  billing: BillingReturn | null;
  onClose: () => void;
}) {
  if (!billing) return null;
  return (
    <Suspense fallback={null}>
      {billing === 'success' ? (
        <ProWelcomeDialog onClose={onClose} />
      ) : (
        <CheckoutCancelledDialog onClose={onClose} />
      )}
    </Suspense>
  );
}
