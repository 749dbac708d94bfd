import { Suspense } from 'react';
import type { BillingReturn } from './billing-return';
import { lazyPart } from '../../app/lazy-part';

const ProWelcomeDialog = lazyPart(
  () => import('./ProWelcomeDialog'),
  (m) => m.ProWelcomeDialog,
  {
    kind: 'dialog',
    dismiss: (props) => {
      props.onClose();
    },
  },
);
const CheckoutCancelledDialog = lazyPart(
  () => import('./CheckoutCancelledDialog'),
  (m) => m.CheckoutCancelledDialog,
  {
    kind: 'dialog',
    dismiss: (props) => {
      props.onClose();
    },
  },
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
