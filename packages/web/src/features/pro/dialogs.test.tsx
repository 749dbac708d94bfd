// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckoutCancelledDialog } from './CheckoutCancelledDialog';
import { ProWelcomeDialog } from './ProWelcomeDialog';
import { UpgradeHost } from './UpgradeHost';
import { openUpgrade } from './upgrade-store';

/** The upgrade modal is a lazy chunk: its first import may take a while on a busy machine. */
const LAZY = { timeout: 5000 };

const PAYMENTS_OFF = 'Payments are not set up on this server, so Pro cannot be bought here.';

function renderWith(children: ReactNode): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
  return client;
}

beforeEach(() => {
  // /api/me is not needed by these dialogs' copy; checkout answers as a server without Stripe keys.
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) =>
      Promise.resolve(
        path === '/api/checkout'
          ? new Response(
              JSON.stringify({ error: { code: 'PAYMENTS_NOT_CONFIGURED', message: PAYMENTS_OFF } }),
              { status: 503 },
            )
          : new Response('{"error":{"code":"NOT_FOUND","message":"Not found"}}', { status: 404 }),
      ),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Upgrade-to-Pro modal', () => {
  it('shows the limit message, the four features, everything in Pro, the price and the footer', async () => {
    renderWith(<UpgradeHost />);
    const message = 'Free plan limit reached: 6 rewards. Upgrade to Pro for unlimited rewards!';
    act(() => {
      openUpgrade({ trigger: 'rewards', message });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to HabitQuest Pro' }, LAZY);
    const inside = within(dialog);
    expect(inside.getByText(message)).toBeTruthy();
    for (const feature of [
      'Unlimited Habits',
      'Unlimited Categories',
      'Unlimited Rewards',
      'Advanced Analytics',
    ]) {
      expect(inside.getByText(feature)).toBeTruthy();
    }
    const everything = inside.getByRole('heading', {
      name: 'Everything in Pro',
    }).nextElementSibling;
    expect(
      within(everything as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Unlimited habit creation',
      'Unlimited categories',
      'Unlimited custom rewards',
      'Advanced analytics dashboard',
      'Priority email support',
      'Early access to new features',
      'Export data anytime',
      'Lifetime access',
    ]);
    expect(inside.getByText('₱489')).toBeTruthy();
    expect(inside.getByText('one-time')).toBeTruthy();
    for (const line of ['No subscription', 'Money-back guarantee', 'Secure payment via Stripe']) {
      expect(inside.getByText(line)).toBeTruthy();
    }
  });

  it('closes on upgrade and reopens with the reason when checkout cannot start', async () => {
    renderWith(<UpgradeHost />);
    act(() => {
      openUpgrade({ trigger: 'habits' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to HabitQuest Pro' }, LAZY);
    expect(
      within(dialog).getByText(
        'The free plan includes 15 habits. Upgrade to Pro for unlimited habits!',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade to Pro Now' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const reopened = await screen.findByRole('dialog', { name: 'Upgrade to HabitQuest Pro' }, LAZY);
    expect(within(reopened).getByRole('alert').textContent).toBe(PAYMENTS_OFF);
    fireEvent.click(within(reopened).getByRole('button', { name: 'Maybe Later' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Checkout return dialogs', () => {
  it('Welcome to Pro lists what Pro unlocks, refreshes the plan and continues after 10 s', async () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    render(
      <QueryClientProvider client={client}>
        <ProWelcomeDialog onClose={onClose} />
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Welcome to Pro!' });
    for (const feature of [
      'Unlimited habits',
      'Unlimited categories',
      'Unlimited rewards',
      'Advanced analytics',
    ]) {
      expect(within(dialog).getByText(feature)).toBeTruthy();
    }
    expect(within(dialog).getByRole('button', { name: 'Start Your Pro Journey' })).toBeTruthy();
    // The plan's first read, still out, is cancelled before the refresh (lib/invalidate.ts).
    await act(async () => {
      await Promise.resolve();
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['me'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['analytics'] });
    act(() => {
      vi.advanceTimersByTime(9_000);
    });
    expect(within(dialog).getByText('Continuing automatically in 1 s')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('Checkout Cancelled says the free tier continues and offers both ways on', () => {
    const onClose = vi.fn();
    renderWith(<CheckoutCancelledDialog onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Checkout Cancelled' });
    expect(
      within(dialog).getByText(
        'Your free tier continues with 15 habits, 10 categories and 6 rewards.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Try Again' })).toBeTruthy();
    // Opening focuses the first action, the safe one, not the close button drawn above it.
    const back = within(dialog).getByRole('button', { name: 'Back to App' });
    expect(document.activeElement).toBe(back);
    fireEvent.click(back);
    expect(onClose).toHaveBeenCalledOnce();
  });
});
