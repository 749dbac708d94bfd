// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs).
import '../../../test-dom.mjs';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { DayInsightsDialog } from '../calendar/DayInsightsDialog';
import { audioEngine } from './engine';
import { useAudio } from './use-audio';

/**
 * Closing Day Insights clicks once, however it is closed: the page's click listener sounds the
 * X's press, so the dialog's own close sound must not add a second click (it did).
 */
function Page({ onClose }: { onClose: () => void }) {
  useAudio({ soundEffects: true, effectsVolume: 0.5, music: false, musicVolume: 0.5 });
  return (
    <DayInsightsDialog
      date="2026-03-04"
      today="2026-03-04"
      insights={{
        completedCount: 0,
        totalCount: 0,
        restingCount: 0,
        completionRate: 0,
        xpEarned: 0,
        habitsForDay: [],
        addedLater: [],
      }}
      onToggle={() => undefined}
      onClose={onClose}
    />
  );
}

let play: MockInstance<typeof audioEngine.play>;
beforeEach(() => {
  // The engine's own behaviour is engine.test.ts's: here only what is asked of it counts.
  play = vi.spyOn(audioEngine, 'play').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  play.mockRestore();
});

const clicks = () => play.mock.calls.filter(([name]) => name === 'click').length;

/** Renders the dialog and waits for the click listener's moment to pass, as a user would. */
async function open() {
  const onClose = vi.fn();
  render(<Page onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Day Insights' });
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  play.mockClear();
  return { dialog, onClose };
}

describe('closing Day Insights', () => {
  it('by its X: one click, the press itself', async () => {
    const { dialog, onClose } = await open();
    // The X is the one labelled by aria-label; the wide Close button below is named by its text.
    const x = dialog.querySelector('button[aria-label="Close"]');
    if (!x) throw new Error('no X button');
    fireEvent.click(x);
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(clicks()).toBe(1);
  });

  it('by the Close button: one click', async () => {
    const { dialog, onClose } = await open();
    const close = [...dialog.querySelectorAll('button')].find(
      (button) => button.textContent === 'Close' && !button.hasAttribute('aria-label'),
    );
    if (!close) throw new Error('no Close button');
    fireEvent.click(close);
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(clicks()).toBe(1);
  });

  it('by Escape: one click, the close sound', async () => {
    const { onClose } = await open();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(clicks()).toBe(1);
  });

  it('by Escape right after a button press elsewhere still clicks', async () => {
    const { dialog, onClose } = await open();
    // A press on a button inside that does not close: its own click, then Escape's, later.
    const x = dialog.querySelector('button[aria-label="Close"]');
    const other = document.createElement('button');
    dialog.append(other);
    fireEvent.click(other);
    expect(clicks()).toBe(1);
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    fireEvent.keyDown(x ?? document.body, { key: 'Escape' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(clicks()).toBe(2);
  });
});
