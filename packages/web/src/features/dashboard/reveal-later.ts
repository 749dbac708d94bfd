import { startTransition, useEffect, useState } from 'react';

/**
 * False for the first render of the dashboard's content, true right after it is on screen, in a
 * transition: React builds what lies below the first screen (adventurer, calendar, goals, shop,
 * what's new) in slices that yield to the browser, after the hero and today's habits have painted
 * (docs/performance.md, "The first render"). `isContentShown` is false while the loading screen
 * stands in for the dashboard: the clock starts with its content.
 */
export function useRevealLater(isContentShown: boolean): boolean {
  const [isRevealed, setIsRevealed] = useState(false);
  useEffect(() => {
    if (!isContentShown || isRevealed) return;
    // Passive effects run once the browser has painted the commit that showed the content.
    startTransition(() => {
      setIsRevealed(true);
    });
  }, [isContentShown, isRevealed]);
  return isRevealed;
}
