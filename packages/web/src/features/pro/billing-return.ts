import { useEffect, useState } from 'react';
import { navigate } from '../../lib/router';

export type BillingReturn = 'success' | 'cancel';

/** Which checkout return an address is (docs/product.md "Routes"), or null for any other address. */
export function billingReturnOf(path: string): BillingReturn | null {
  if (path.includes('billing/success')) return 'success';
  if (path.includes('billing/cancel')) return 'cancel';
  return null;
}

/**
 * Remembers a checkout return seen in the address and resets the address to the root (docs/product.md),
 * so a reload or a shared link does not show the dialog again.
 */
export function useBillingReturn(path: string): {
  billing: BillingReturn | null;
  dismiss: () => void;
} {
  const detected = billingReturnOf(path);
  const [billing, setBilling] = useState<BillingReturn | null>(detected);
  useEffect(() => {
    if (!detected) return;
    setBilling(detected);
    navigate('/', { replace: true });
  }, [detected]);
  return {
    billing,
    dismiss: () => {
      setBilling(null);
    },
  };
}
