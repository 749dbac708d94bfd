/**
 * A session of use (docs/product.md "Reminders"): it starts when the app opens, and again on
 * activity or focus once the last one is over; it is over after 15 minutes without activity or
 * focus, or when the page is left. The startup reminder counts from a session's start, and the
 * weekly activity score from the days a session started on.
 */

/** The spec's session inactivity timeout: 15 minutes (900,000 ms). */
export const SESSION_TIMEOUT_MS = 15 * 60_000;

export type Session = { startedAt: number; lastActiveAt: number };

/** Whether `session` is still going at `at`. */
export function isSessionLive(session: Session | null, at: number): session is Session {
  return (
    session !== null && at >= session.lastActiveAt && at - session.lastActiveAt < SESSION_TIMEOUT_MS
  );
}

/**
 * The session after activity (a click, a key press, the window's focus) at `at`: the same one,
 * active now, while it is live; else a new one starting now.
 */
export function sessionAfterActivity(session: Session | null, at: number): Session {
  return isSessionLive(session, at)
    ? { startedAt: session.startedAt, lastActiveAt: at }
    : { startedAt: at, lastActiveAt: at };
}
