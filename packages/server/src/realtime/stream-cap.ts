/**
 * At most `max` open event streams per user on this instance. Each stream holds a connection, a
 * subscription and a queue for as long as it stays open, so one account must not be able to open
 * them without end (a script, or a client that never closes what it opens). When one more opens,
 * the user's oldest stream is ended, not the new one refused: a new tab always gets live updates,
 * and what gets ended first is the stream most likely abandoned (docs/security.md, "Event streams").
 *
 * The count is per process: behind a load balancer a user may hold up to `max` streams on each
 * instance, which still bounds what any one instance holds.
 */

/**
 * Far above what one person uses at once (every open tab and installed app holds one stream; a
 * user with a dozen tabs on three devices stays under it), and small enough that one account's
 * streams cost an instance little.
 */
export const MAX_STREAMS_PER_USER = 20;

export type StreamCap = {
  /**
   * Counts a new stream of the user, ending the user's oldest ones (`end`, given when they were
   * admitted) beyond the cap. Returns the release, to call when the stream ends for any reason.
   */
  admit: (userId: string, end: () => void) => () => void;
};

export function createStreamCap(max: number = MAX_STREAMS_PER_USER): StreamCap {
  // A Set keeps insertion order: its first entry is the user's oldest open stream.
  const open = new Map<string, Set<() => void>>();
  return {
    admit: (userId, end) => {
      let streams = open.get(userId);
      if (!streams) {
        streams = new Set();
        open.set(userId, streams);
      }
      const own = streams;
      // A fresh function per stream, so the same `end` admitted twice still counts twice.
      const entry = (): void => {
        end();
      };
      own.add(entry);
      for (const oldest of own) {
        if (own.size <= max) break;
        own.delete(oldest);
        oldest();
      }
      return () => {
        own.delete(entry);
        if (own.size === 0 && open.get(userId) === own) open.delete(userId);
      };
    },
  };
}
