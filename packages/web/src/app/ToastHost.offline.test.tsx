// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs for why not jsdom).
import '../../test-dom.mjs';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { reportReachable } from '../lib/reachability';
import { loadedSonner, loadToasts, toast } from '../lib/toast';
import { ToastHost } from './ToastHost';

/** sonner's chunk cannot be fetched while this is set (offline, and no service worker). */
const network = vi.hoisted(() => ({ isDown: true }));
vi.mock('sonner', async (importOriginal) => {
  if (network.isDown) throw new Error('Failed to fetch dynamically imported module');
  return await importOriginal<typeof import('sonner')>();
});

afterEach(() => {
  cleanup();
});

it('a toast asked for while its code cannot be fetched is shown once the server answers again', async () => {
  render(<ToastHost />);
  reportReachable(false);
  toast.error('A change made offline was not saved.');
  await expect(loadToasts()).rejects.toThrow();
  expect(loadedSonner()).toBeNull();

  network.isDown = false;
  reportReachable(true);
  expect(await screen.findByText('A change made offline was not saved.')).toBeTruthy();
});
