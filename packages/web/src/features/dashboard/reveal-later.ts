import { startTransition, useCallback, useEffect, useState, type RefCallback } from 'react';

/**
 * How much of the dashboard is built, stage by stage (docs/performance.md, "The first render"):
 * 0 the loading screen, 1 the hero and today's first habits (firstStageCards), 2 the other
 * habits, the adventurer card and the calendar, 3 the goals, 4 the rewards and what's new.
 *
 * Each stage is a transition of its own, started once the previous one has painted: React builds
 * it in slices that yield to the browser, and its commit (the DOM going in, then style and layout)
 * is one short task instead of the whole dashboard's one long one.
 *
 * A stage is built when the end of the page built so far comes within two screens of the
 * viewport (`sentinel`, an element after the last section built): on a wide screen, or with few
 * habits, that is at once, one stage after another; on a phone with many habits the goals, the
 * rewards and what's new wait until the user scrolls towards them, so the start does not spend a
 * phone's CPU on what is screens away. Everything is built at once, stage by stage, when:
 * - a key is pressed (Tab must reach every section, and find-in-page see all of it),
 * - the page is printed,
 * - something asks for a later section (`revealAll`: the shop opened from the adventurer card, a
 *   reminder's habit to focus),
 * - the browser has no IntersectionObserver.
 *
 * `isReady` is false until the first screen's data is in: the content starts with all of it, in
 * one build, rather than being rebuilt as each answer arrives. When it is in before the first
 * render, stage 1 is the first.
 */
export const LAST_STAGE = 4;

/**
 * Habit cards in stage 1: a little more than the first screen shows (one or two under a phone's
 * hero; two columns of them on a wide screen, from Tailwind's `lg`); the others come with stage 2,
 * below them.
 */
export function firstStageCards(): number {
  return window.matchMedia('(min-width: 1024px)').matches ? 6 : 3;
}

/** How far below the viewport the end of the built page may be for the next stage to start. */
export const NEAR_MARGIN = '0px 0px 200% 0px';

export type StagedReveal = {
  stage: number;
  /** For an element at the end of what is built; none is needed from LAST_STAGE on. */
  sentinel: RefCallback<Element>;
  /** Builds every stage, one after another, whatever is on screen. Stable. */
  revealAll: () => void;
};

export function useStagedReveal(isReady: boolean): StagedReveal {
  // Ready at once (the first screen's data read before the first render: first-screen.ts): the
  // first commit is the first screen, with no loading screen before it.
  const [stage, setStage] = useState(() => (isReady ? 1 : 0));
  // The stage whose sentinel was seen near the viewport: a later stage's must be seen anew.
  const [nearStage, setNearStage] = useState(-1);
  const [isAll, setIsAll] = useState(() => typeof IntersectionObserver === 'undefined');
  const revealAll = useCallback(() => {
    setIsAll(true);
  }, []);

  useEffect(() => {
    if (!isReady || stage >= LAST_STAGE) return;
    if (stage >= 1 && !isAll && nearStage !== stage) return;
    // Passive effects run once the browser has painted the previous stage's commit.
    startTransition(() => {
      setStage(stage + 1);
    });
  }, [isReady, stage, nearStage, isAll]);

  useEffect(() => {
    if (isAll) return;
    window.addEventListener('keydown', revealAll);
    window.addEventListener('beforeprint', revealAll);
    return () => {
      window.removeEventListener('keydown', revealAll);
      window.removeEventListener('beforeprint', revealAll);
    };
  }, [isAll, revealAll]);

  const sentinel = useCallback(
    (element: Element | null) => {
      if (!element || typeof IntersectionObserver === 'undefined') return;
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) setNearStage(stage);
        },
        { rootMargin: NEAR_MARGIN },
      );
      observer.observe(element);
      return () => {
        observer.disconnect();
      };
    },
    [stage],
  );

  return { stage, sentinel, revealAll };
}
