/**
 * Answers derived from a user's whole history (every habit's streaks), kept per user in this
 * process and keyed by the user's data revision (docs/performance.md, "Derived answers").
 *
 * Streaks are never stored (docs/decisions.md): they are derived from every completion and rest
 * day. Deriving them is the costly part of a dashboard read, so the answer is kept until the data
 * it came from changes. The database says when: triggers move `progress.revision` in the same
 * transaction as any change to the user's habits, completions, rest, categories or settings, and
 * the session check reads it with the session (auth/session-reader.ts). An entry serves a request
 * only when its revision is the one that request read (and the caller checks that it was derived
 * for the user's today), so no instance can serve an answer older than the data, whichever
 * instance made the change, and nothing has to be told to forget. Holds at most `capacity` users, the least recently read leave
 * first.
 */
/**
 * How many users' answers one cache keeps: 15 habits are about 10 KB, so about 10 MB at most,
 * small beside the embedded database's footprint (docs/performance.md).
 */
export const KEPT_USERS = 1000;

export class DerivedCache<T> {
  private readonly entries = new Map<string, { revision: number; value: T }>();

  constructor(private readonly capacity: number) {}

  /** The value kept for this user at this revision, or undefined. */
  get(userId: string, revision: number): T | undefined {
    const entry = this.entries.get(userId);
    if (entry?.revision !== revision) return undefined;
    // Most recently read last: Map keeps insertion order.
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    return entry.value;
  }

  /**
   * Keeps a value derived from data read after `revision` was: it is at least as new as that
   * revision, so serving it to a later request that read the same revision is never stale.
   */
  set(userId: string, revision: number, value: T): void {
    this.entries.delete(userId);
    this.entries.set(userId, { revision, value });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
