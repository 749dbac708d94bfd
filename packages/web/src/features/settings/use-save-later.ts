import { useCallback, useEffect, useMemo, useRef } from 'react';

/** A slider sends many values a second: the server gets the last one after a pause. */
export const SAVE_AFTER_MS = 400;

export type SaveLater<T> = {
  /** Saves these changes (with those still waiting) once the control rests. */
  later: (changes: T) => void;
  /** Saves these changes now, with those still waiting. */
  now: (changes: T) => void;
  /** Whether changes wait to be saved (the control shows them, the settings do not yet). */
  isWaiting: () => boolean;
};

/**
 * Saves a setting changed many times a second once it rests, or at once when the panel closes or
 * the page is hidden or left: a timer does not outlive the page, and a reload or a closed tab
 * right after a move lost the change. Saving writes the outbox's copy synchronously
 * (docs/offline.md, "Written first"), so it is stored before the page goes.
 */
export function useSaveLater<T extends object>(save: (changes: T) => void): SaveLater<T> {
  const saveRef = useRef(save);
  const waiting = useRef<{ changes: T; timer: ReturnType<typeof setTimeout> } | null>(null);
  useEffect(() => {
    saveRef.current = save;
  });

  const flush = useCallback(() => {
    const current = waiting.current;
    if (!current) return;
    clearTimeout(current.timer);
    waiting.current = null;
    saveRef.current(current.changes);
  }, []);

  useEffect(() => {
    const onVisibility = (): void => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [flush]);

  return useMemo(() => {
    const later = (changes: T): void => {
      const current = waiting.current;
      if (current) clearTimeout(current.timer);
      waiting.current = {
        changes: { ...current?.changes, ...changes },
        timer: setTimeout(flush, SAVE_AFTER_MS),
      };
    };
    return {
      later,
      now: (changes) => {
        later(changes);
        flush();
      },
      isWaiting: () => waiting.current !== null,
    };
  }, [flush]);
}
