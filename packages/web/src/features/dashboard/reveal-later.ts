import { startTransition, useEffect, useState } from 'react';

/**
 * How much of the dashboard is built, stage by stage (docs/performance.md, "The first render"):
 * 0 the loading screen, 1 the hero and today's first habits (FIRST_STAGE_CARDS), 2 the other
 * habits, the adventurer card and the calendar,
 * 3 the goals, 4 the rewards and what's new.
 *
 * Each stage is a transition of its own, started once the previous one has painted: React builds
 * it in slices that yield to the browser, and its commit (the DOM going in, then style and layout)
 * is one short task instead of the whole dashboard's one long one. On a phone stages 2 to 4 lie
 * below the first screen; on a wide one the adventurer and calendar appear a frame after the
 * habits beside them, which moves nothing already on screen.
 *
 * `isReady` is false until the first screen's data is in: the content starts with all of it, in
 * one build, rather than being rebuilt as each answer arrives. When it is in before the first
 * render, stage 1 is the first.
 */
export const LAST_STAGE = 4;

/**
 * Habit cards in stage 1: more than a phone's first screen shows (one or two), and a wide
 * screen's two columns; the others come with stage 2, below them.
 */
export const FIRST_STAGE_CARDS = 6;

export function useStagedReveal(isReady: boolean): number {
  // Ready at once (the first screen's data read before the first render: first-screen.ts): the
  // first commit is the first screen, with no loading screen before it.
  const [stage, setStage] = useState(() => (isReady ? 1 : 0));
  useEffect(() => {
    if (!isReady || stage >= LAST_STAGE) return;
    // Passive effects run once the browser has painted the previous stage's commit.
    startTransition(() => {
      setStage(stage + 1);
    });
  }, [isReady, stage]);
  return stage;
}
