import { PRICES } from '@habitquest/core/plan';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { billingReturnOf } from './billing-return';
import { checkoutErrorMessage, runCheckout, startCheckout } from './checkout';
import { closeUpgrade, getUpgradeRequest, openUpgrade, subscribeToUpgrade } from './upgrade-store';

const PAYMENTS_OFF = 'Payments are not set up on this server, so Pro cannot be bought here.';

function answer(status: number, body: unknown): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status }))),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  closeUpgrade();
});

describe('startCheckout', () => {
  it('posts the Pro product with the price shown and resolves to the payment page', async () => {
    answer(200, { url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    await expect(startCheckout()).resolves.toBe('https://checkout.stripe.com/c/pay/cs_test_1');
    const [path, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(path).toBe('/api/checkout');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toEqual({ product: 'habit', amount: PRICES.habit });
  });

  it("fails with 'No checkout URL received' when the answer has no url", async () => {
    answer(200, {});
    await expect(startCheckout()).rejects.toThrow('No checkout URL received');
  });
});

describe('checkoutErrorMessage', () => {
  it('asks a signed-out user to sign in (docs/product.md)', () => {
    const error = new ApiError(
      401,
      'UNAUTHENTICATED',
      'User must be authenticated to begin checkout',
    );
    expect(checkoutErrorMessage(error)).toBe('Please sign in to upgrade to Pro');
  });

  it("shows the server's sentence, e.g. when payments are not configured", () => {
    const error = new ApiError(503, 'PAYMENTS_NOT_CONFIGURED', PAYMENTS_OFF);
    expect(checkoutErrorMessage(error)).toBe(PAYMENTS_OFF);
    expect(checkoutErrorMessage(new ApiError(400, 'VALIDATION', 'Invalid product type'))).toBe(
      'Invalid product type',
    );
  });

  it('falls back to the default sentence when there is nothing readable', () => {
    const fallback = 'Failed to start checkout. Please try again.';
    expect(checkoutErrorMessage(new ApiError(502, 'ERROR', 'An error occurred'))).toBe(fallback);
    expect(checkoutErrorMessage(new Error('  '))).toBe(fallback);
    expect(checkoutErrorMessage('nope')).toBe(fallback);
  });
});

describe('runCheckout', () => {
  it('goes to the payment page on success', async () => {
    answer(200, { url: 'https://checkout.stripe.com/c/pay/cs_test_2' });
    const goTo = vi.fn();
    await runCheckout({ trigger: 'habits' }, goTo);
    expect(goTo).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_2');
  });

  it('reopens the modal with the same trigger and the reason when checkout fails', async () => {
    answer(503, { error: { code: 'PAYMENTS_NOT_CONFIGURED', message: PAYMENTS_OFF } });
    // sonner dismisses its toast on the next frame; Node has no frames.
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 0));
    const goTo = vi.fn();
    const seen: unknown[] = [];
    openUpgrade({ trigger: 'rewards', message: 'Free plan limit reached: 6 rewards.' });
    const stop = subscribeToUpgrade(() => seen.push(getUpgradeRequest()));
    await runCheckout({ trigger: 'rewards', message: 'Free plan limit reached: 6 rewards.' }, goTo);
    stop();
    expect(goTo).not.toHaveBeenCalled();
    expect(seen).toEqual([
      null,
      {
        trigger: 'rewards',
        message: 'Free plan limit reached: 6 rewards.',
        error: PAYMENTS_OFF,
      },
    ]);
  });
});

describe('billingReturnOf', () => {
  it('finds the checkout return in any address that contains it (docs/product.md)', () => {
    expect(billingReturnOf('/billing/success')).toBe('success');
    expect(billingReturnOf('/app/billing/success/')).toBe('success');
    expect(billingReturnOf('/billing/cancel')).toBe('cancel');
    expect(billingReturnOf('/')).toBeNull();
    expect(billingReturnOf('/welcome')).toBeNull();
  });
});
