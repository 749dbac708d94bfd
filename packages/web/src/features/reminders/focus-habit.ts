/**
 * A reminder clicked brings the app forward on its habit (docs/product.md "Reminders"): the
 * service worker tells an open tab `{type: 'focus-habit', habitId}`, or opens the app at
 * `/?habit=<id>`. The dashboard shows today under the habit's frequency and puts the focus on its
 * toggle, so Enter completes it.
 */
import type { Frequency } from '@habitquest/core/periods';
import { useEffect, useRef, useState } from 'react';

const PARAM = 'habit';

/** The habit a reminder asked for, until `done` is called. */
function useFocusHabitRequest(): { habitId: string | null; done: () => void } {
  const [habitId, setHabitId] = useState<string | null>(() => {
    const url = new URL(window.location.href);
    const fromUrl = url.searchParams.get(PARAM);
    if (fromUrl !== null) {
      // Asked once: a reload later should not jump to it again.
      url.searchParams.delete(PARAM);
      window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    }
    return fromUrl;
  });
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent<unknown>): void => {
      const data = event.data as { type?: unknown; habitId?: unknown } | null;
      if (data?.type === 'focus-habit' && typeof data.habitId === 'string')
        setHabitId(data.habitId);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => {
      navigator.serviceWorker.removeEventListener('message', onMessage);
    };
  }, []);
  return {
    habitId,
    done: () => {
      setHabitId(null);
    },
  };
}

/** Focuses the habit's toggle, when its card is on screen. */
function focusHabitToggle(habitId: string): void {
  const card = document.querySelector(`[data-habit-id="${CSS.escape(habitId)}"]`);
  const toggle = card?.querySelector<HTMLElement>('button[aria-pressed]');
  toggle?.scrollIntoView({ block: 'center' });
  toggle?.focus();
}

/** Runs `callback` after every render (a request may take a render or two to be met). */
function useAfterRender(callback: () => void): void {
  const latest = useRef(callback);
  latest.current = callback;
  useEffect(() => {
    latest.current();
  });
}

/**
 * Meets a reminder's request on the dashboard: every card built, today selected (the calendar's
 * month stays) under the habit's frequency, then the focus on its toggle. A habit that is gone, or
 * not due today (no card to focus), ends the request.
 */
export function useReminderFocus(page: {
  habits: readonly { id: string; frequency: Frequency }[] | undefined;
  /** The dashboard's reveal stage (reveal-later.ts): every card is built from stage 2. */
  stage: number;
  revealAll: () => void;
  isDayPicked: boolean;
  pickToday: () => void;
  frequency: Frequency;
  setFrequency: (frequency: Frequency) => void;
}): void {
  const request = useFocusHabitRequest();
  const asked = request.habitId;
  useAfterRender(() => {
    if (asked === null || !page.habits) return;
    if (page.stage < 2) {
      page.revealAll();
      return;
    }
    const habit = page.habits.find((h) => h.id === asked);
    if (!habit) {
      request.done();
      return;
    }
    if (page.isDayPicked) page.pickToday();
    if (page.frequency !== habit.frequency) page.setFrequency(habit.frequency);
    else {
      focusHabitToggle(habit.id);
      request.done();
    }
  });
}
