// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs for why not jsdom).
import '../../test-dom.mjs';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, type ComponentType } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { lazyDialog } from './lazy-part';

/** A dialog's chunk that cannot be loaded (the network gone, or a redeploy removed it). */
const failingLoad = (): Promise<{ Dialog: ComponentType<never> }> =>
  Promise.reject(new Error('Failed to fetch'));
const neverDrawn = () => null;

beforeEach(() => {
  // The failure asks whether a new version is out: not here.
  vi.stubGlobal('fetch', () => Promise.reject(new Error('offline')));
  // jsdom has the <dialog> element but not its modal methods.
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      this.removeAttribute('open');
    },
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the failure
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function closeFailureCard(): Promise<void> {
  expect(await screen.findByText("Couldn't load this part")).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Close', hidden: true }));
}

it('a dialog whose chunk failed closes on Close with onOpenChange(false), as its caller would', async () => {
  const Dialog = lazyDialog<unknown, { onOpenChange: (open: boolean) => void }>(
    failingLoad,
    () => neverDrawn,
  );
  const onOpenChange = vi.fn();
  render(
    <Suspense>
      <Dialog onOpenChange={onOpenChange} />
    </Suspense>,
  );
  await closeFailureCard();
  expect(onOpenChange.mock.calls).toEqual([[false]]);
});

it('a dialog whose chunk failed closes on Close with onClose(), as its caller would', async () => {
  const Dialog = lazyDialog<unknown, { onClose: () => void }>(failingLoad, () => neverDrawn);
  const onClose = vi.fn();
  render(
    <Suspense>
      <Dialog onClose={onClose} />
    </Suspense>,
  );
  await closeFailureCard();
  expect(onClose).toHaveBeenCalledTimes(1);
});
