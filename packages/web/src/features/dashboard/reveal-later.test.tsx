// A DOM first: React DOM looks for one when it is imported (see test-dom.mjs for why not jsdom).
import '../../../test-dom.mjs';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_STAGE, NEAR_MARGIN, useStagedReveal } from './reveal-later';

/**
 * jsdom lays nothing out, so it has no IntersectionObserver: this stand-in records what is
 * observed and lets a test say whether it is near the viewport, as the browser would.
 */
class StandInObserver {
  static all: StandInObserver[] = [];
  readonly observed: Element[] = [];
  isConnected = true;
  constructor(
    readonly report: (entries: { isIntersecting: boolean; target: Element }[]) => void,
    readonly options: { rootMargin?: string },
  ) {
    StandInObserver.all.push(this);
  }
  observe(element: Element): void {
    this.observed.push(element);
  }
  disconnect(): void {
    this.isConnected = false;
  }
}

/** Tells the observer of the sentinel there now whether it is near the viewport. */
function sentinelIsNear(isNear: boolean): void {
  const sentinel = screen.getByTestId('sentinel');
  const observer = StandInObserver.all.find(
    (candidate) => candidate.isConnected && candidate.observed.includes(sentinel),
  );
  if (!observer) throw new Error('the sentinel is not observed');
  act(() => {
    observer.report([{ isIntersecting: isNear, target: sentinel }]);
  });
}

let revealAllOf: () => void = () => undefined;

function Page({ isReady }: { isReady: boolean }) {
  const { stage, sentinel, revealAll } = useStagedReveal(isReady);
  revealAllOf = revealAll;
  return (
    <main>
      <p>stage {stage}</p>
      {stage < LAST_STAGE ? <div key={stage} data-testid="sentinel" ref={sentinel} /> : null}
    </main>
  );
}

const stageShown = (): string => screen.getByText(/^stage \d$/).textContent;

/** Lets React run the passive effects and transitions that move one stage on. */
async function settle(): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('the staged build of the dashboard', () => {
  beforeEach(() => {
    StandInObserver.all = [];
    vi.stubGlobal('IntersectionObserver', StandInObserver);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('builds a stage each time the end of the page comes near, and waits while it is far', async () => {
    render(<Page isReady />);
    await settle();
    expect(stageShown()).toBe('stage 1');
    expect(StandInObserver.all[0]?.options.rootMargin).toBe(NEAR_MARGIN);

    sentinelIsNear(true);
    await settle();
    expect(stageShown()).toBe('stage 2');
    // The new end of the page is below the screen: nothing more until the user scrolls.
    sentinelIsNear(false);
    await settle();
    expect(stageShown()).toBe('stage 2');
    // The earlier sentinel's observer is gone with it, so its "near" cannot count twice.
    expect(StandInObserver.all.filter((observer) => observer.isConnected)).toHaveLength(1);

    sentinelIsNear(true);
    await settle();
    expect(stageShown()).toBe('stage 3');
    sentinelIsNear(true);
    await settle();
    expect(stageShown()).toBe(`stage ${LAST_STAGE}`);
    expect(screen.queryByTestId('sentinel')).toBeNull();
  });

  it('waits for the first screen’s data before anything, then starts with it', async () => {
    const { rerender } = render(<Page isReady={false} />);
    await settle();
    expect(stageShown()).toBe('stage 0');
    rerender(<Page isReady />);
    await settle();
    expect(stageShown()).toBe('stage 1');
  });

  it.each([
    ['a key is pressed (Tab, find in page)', () => fireEvent.keyDown(window, { key: 'Tab' })],
    ['the page is printed', () => window.dispatchEvent(new Event('beforeprint'))],
    [
      'a later section is asked for',
      () => {
        revealAllOf();
      },
    ],
  ])('builds everything, stage by stage, when %s', async (_, trigger) => {
    render(<Page isReady />);
    await settle();
    expect(stageShown()).toBe('stage 1');
    act(() => {
      trigger();
    });
    for (let stage = 2; stage <= LAST_STAGE; stage += 1) await settle();
    expect(stageShown()).toBe(`stage ${LAST_STAGE}`);
  });

  it('builds everything where the browser cannot tell what is near', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Page isReady />);
    for (let stage = 1; stage <= LAST_STAGE; stage += 1) await settle();
    expect(stageShown()).toBe(`stage ${LAST_STAGE}`);
  });
});
