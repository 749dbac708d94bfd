/**
 * Starting a Pro checkout (docs/product.md "Upgrade modal", §8 "Checkout"): the modal closes, the server
 * opens a Stripe Checkout session, and the browser goes there; on any failure the modal reopens
 * with the reason in words.
 */
import type { CheckoutRequest } from '@habitquest/contracts/checkout';
import { PRICES } from '@habitquest/core/plan';
import { toast } from '../../lib/toast';
import { ApiError, call } from '../../lib/api';
import { routes } from '@habitquest/contracts/routes';
import { proCopy as copy } from './copy';
import { closeUpgrade, openUpgrade, type UpgradeRequest } from './upgrade-store';

/** POST /api/checkout for Pro; resolves to the payment page's address. */
export async function startCheckout(): Promise<string> {
  // The amount is the price this page showed: the server refuses a stale one, never charges it.
  const body: CheckoutRequest = { product: 'habit', amount: PRICES.habit };
  const result = await call(routes.checkout, { body });
  if (!result.url) throw new Error(copy.errors.noUrl);
  return result.url;
}

/** What to tell the user when a checkout could not start (docs/product.md, default sentence last). */
export function checkoutErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return copy.errors.signedOut;
    // 'ERROR' is an answer the client could not read: its message says nothing useful.
    if (error.code === 'ERROR') return copy.errors.fallback;
  }
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return copy.errors.fallback;
}

/** Closes the modal and goes to checkout; reopens the modal with the error when that fails. */
export async function runCheckout(
  request: UpgradeRequest,
  goTo: (url: string) => void = (url) => {
    window.location.assign(url);
  },
): Promise<void> {
  closeUpgrade();
  const toastId = toast.loading(copy.redirecting);
  try {
    goTo(await startCheckout());
  } catch (error) {
    toast.dismiss(toastId);
    openUpgrade({
      trigger: request.trigger,
      message: request.message,
      error: checkoutErrorMessage(error),
    });
  }
}
