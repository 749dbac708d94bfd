// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs for why not jsdom).
import '../../test-dom.mjs';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { loadedSonner, loadToasts, toast } from '../lib/toast';
import { ToastHost } from './ToastHost';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('toasts asked for before sonner is in are shown in order once it is, and a loading toast can be dismissed meanwhile', async () => {
  // sonner removes a toast on the next frame; Node has no frames.
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 0));
  render(<ToastHost />);
  expect(loadedSonner()).toBeNull();
  // Nothing is drawn for toasts until sonner is loaded.
  expect(document.querySelector('[data-sonner-toaster]')).toBeNull();

  toast.success('Habit completed! +10 XP');
  const redirecting = toast.loading('Redirecting to checkout…');
  expect(typeof redirecting).toBe('string');
  toast.error('Could not save');
  toast.dismiss(redirecting);
  const warning = toast.warning('Some changes were dropped', { id: 'dropped', duration: 10_000 });
  expect(warning).toBe('dropped');

  await act(() => loadToasts());
  expect(loadedSonner()).not.toBeNull();
  expect(await screen.findByText('Habit completed! +10 XP')).toBeTruthy();
  expect(await screen.findByText('Could not save')).toBeTruthy();
  expect(await screen.findByText('Some changes were dropped')).toBeTruthy();
  await vi.waitFor(() => {
    expect(screen.queryByText('Redirecting to checkout…')).toBeNull();
  });
  // Shown in the order asked for: sonner lists the newest first.
  const titles = [...document.querySelectorAll('[data-title]')].map((title) => title.textContent);
  expect(titles).toEqual([
    'Some changes were dropped',
    'Could not save',
    'Habit completed! +10 XP',
  ]);

  // Once in, a toast goes straight to sonner.
  toast.success('Reward redeemed');
  expect(await screen.findByText('Reward redeemed')).toBeTruthy();
});

it('draws the toasts in the page theme, and follows it when it changes', async () => {
  document.documentElement.classList.add('dark');
  render(<ToastHost />);
  await act(() => loadToasts());
  toast.success('Habit completed! +10 XP');
  expect(await screen.findByText('Habit completed! +10 XP')).toBeTruthy();
  const toaster = (): Element | null => document.querySelector('[data-sonner-toaster]');
  expect(toaster()?.getAttribute('data-sonner-theme')).toBe('dark');

  document.documentElement.classList.remove('dark');
  await vi.waitFor(() => {
    expect(toaster()?.getAttribute('data-sonner-theme')).toBe('light');
  });
  document.documentElement.classList.add('dark');
  await vi.waitFor(() => {
    expect(toaster()?.getAttribute('data-sonner-theme')).toBe('dark');
  });
  document.documentElement.classList.remove('dark');
});
