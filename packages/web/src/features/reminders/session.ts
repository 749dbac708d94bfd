/**
 * This page's session of use (core's reminders/session.ts has the rule; docs/product.md
 * "Reminders"): one starts as the page loads, it goes on with every click, key press and focus,
 * it is over after 15 minutes without them or when the page is left, and the next of them starts
 * a new one. The startup reminder counts from a session's start; each start is recorded as an
 * app open for the weekly activity score. Clicks and key presses (not focus) are also the last
 * interaction the planner's "inactive for N hours" gates read.
 */
import {
  isSessionLive,
  sessionAfterActivity,
  type Session,
} from '@habitquest/core/reminders/session';
import { createListeners } from '../../lib/listeners';

let session: Session | null = null;
let lastInteraction = Date.now();
const starts = createListeners();

/** A click, key press or focus now (or at `at`): the session goes on, or a new one starts. */
export function noteActivity(at = Date.now()): void {
  const next = sessionAfterActivity(session, at);
  const isNew = next.startedAt !== session?.startedAt;
  session = next;
  if (isNew) starts.emit();
}

/** The page is left (or hidden for good): the session is over. */
export function endSession(): void {
  session = null;
}

/** The live session's start, or null when none is going on at `at`. */
export function sessionStartedAt(at = Date.now()): number | null {
  return isSessionLive(session, at) ? session.startedAt : null;
}

export function lastInteractionAt(): number {
  return lastInteraction;
}

/** Called as each new session starts. */
export const subscribeSessionStarts = starts.subscribe;

/** Starts the page's first session and follows its activity; answers how to stop following. */
export function followSessions(target: Window = window): () => void {
  const interact = (): void => {
    lastInteraction = Date.now();
    noteActivity(lastInteraction);
  };
  const focus = (): void => {
    noteActivity();
  };
  const visible = (): void => {
    if (target.document.visibilityState === 'visible') noteActivity();
  };
  const leave = (): void => {
    endSession();
  };
  target.addEventListener('pointerdown', interact);
  target.addEventListener('keydown', interact);
  target.addEventListener('focus', focus);
  target.document.addEventListener('visibilitychange', visible);
  target.addEventListener('pagehide', leave);
  noteActivity();
  return () => {
    target.removeEventListener('pointerdown', interact);
    target.removeEventListener('keydown', interact);
    target.removeEventListener('focus', focus);
    target.document.removeEventListener('visibilitychange', visible);
    target.removeEventListener('pagehide', leave);
  };
}
