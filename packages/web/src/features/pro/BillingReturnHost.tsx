import { Suspense } from 'react';
import type { BillingReturn } from './billing-return';
import { lazyDialog } from '../../app/lazy-part';

const ProWelcomeDialog = lazyDialog(
  () => import('./ProWelcomeDialog'),
  (m) => m.ProWelcomeDialog,
);
const CheckoutCancelledDialog = lazyDialog(
  () => import('./CheckoutCancelledDialog'),
  (m) => m.CheckoutCancelledDialog,
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
