/**
 * The shell's session of use, by the same rule as a browser tab (core's reminders/session.ts;
 * docs/desktop.md "Reminders"): one starts as the shell opens its window, it goes on with every
 * click, key press and focus the page reports, it is over after 15 minutes without them or when
 * the window is hidden to the tray, and the next of them (or showing the window again) starts a
 * new one. The startup reminder counts from the live session's start; clicks and key presses are
 * also the last interaction the planner's inactivity rules read.
 */
import {
  isSessionLive,
  sessionAfterActivity,
  type Session,
} from '@habitquest/core/reminders/session';

export type ActivityKind = 'interaction' | 'open' | 'focus';

/** What a reminder round reads: the live session's start (null when none) and the last click. */
export type SessionInputs = { sessionStartedAt: number | null; lastInteraction: number };

export type AppSession = {
  /** Activity at `at`: the session goes on, or a new one starts. */
  note: (kind: ActivityKind, at?: number) => void;
  /** The window is hidden: the session is over. */
  end: () => void;
  inputs: (at?: number) => SessionInputs;
};

export function createAppSession(startedAt = Date.now()): AppSession {
  let session: Session | null = { startedAt, lastActiveAt: startedAt };
  let lastInteraction = startedAt;
  return {
    note: (kind, at = Date.now()) => {
      if (kind === 'interaction') lastInteraction = at;
      session = sessionAfterActivity(session, at);
    },
    end: () => {
      session = null;
    },
    inputs: (at = Date.now()) => ({
      sessionStartedAt: isSessionLive(session, at) ? session.startedAt : null,
      lastInteraction,
    }),
  };
}
