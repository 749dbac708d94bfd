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
 * small beside the embedded database's footprint (docs/performance.md). A set-state's inputs
 * hold the days with a completion its day streak is worked out from as well: up to 64 (about
 * 3 KB), or, once a streak outgrew them, every one: about 15 KB for each year of history.
 */
export const KEPT_USERS = 1000;

export class DerivedCache<T> {
  private readonly entries = new Map<string, { revision: number; value: T }>();

  constructor(private readonly capacity: number) {}

  /** The value kept for this user at this revision, or undefined. */
  get(userId: string, revision: number): T | undefined {
    if (this.entries.get(userId)?.revision !== revision) return undefined;
    return this.latest(userId)?.value;
  }

  /**
   * The value kept last for this user and the revision it is of, or undefined: for a caller that
   * checks under the user's lock whether that revision is still current (set-completion.ts).
   */
  latest(userId: string): { revision: number; value: T } | undefined {
    const entry = this.entries.get(userId);
    if (entry === undefined) return undefined;
    // Most recently read last: Map keeps insertion order.
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    return entry;
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

/**
 * How many bytes of answers one KeptAnswers holds in all. A month of 15 daily habits is about
 * 75 KB of JSON, a year about 1 MB (the compact columns: 155 KB), so this keeps a few hundred
 * users' dashboards.
 */
export const KEPT_ANSWER_BYTES = 32 * 1024 * 1024;

/**
 * Answers kept as the JSON text they were sent as, per user and revision, under a key naming
 * the request (its path and query): for reads whose answer depends on nothing but the user's
 * data and the request, such as the completions in a date window. Serving one skips the query,
 * the mapping of its rows and the serialisation. Bounded in bytes, not users: the least recently
 * read user's answers leave first. The same rule as DerivedCache: only a request that read the
 * same revision is served, and any answer of a user whose revision moved is dropped.
 */
export class KeptAnswers {
  private readonly users = new Map<
    string,
    { revision: number; texts: Map<string, string>; bytes: number }
  >();
  private bytes = 0;

  constructor(private readonly capacityBytes: number) {}

  get(userId: string, revision: number, key: string): string | undefined {
    const entry = this.users.get(userId);
    if (entry?.revision !== revision) return undefined;
    const text = entry.texts.get(key);
    if (text === undefined) return undefined;
    this.users.delete(userId);
    this.users.set(userId, entry);
    return text;
  }

  set(userId: string, revision: number, key: string, text: string): void {
    // UTF-16 code units: two bytes each in memory, near enough for a bound.
    const size = text.length * 2;
    if (size > this.capacityBytes / 8) return;
    let entry = this.users.get(userId);
    if (entry?.revision !== revision) {
      if (entry) this.bytes -= entry.bytes;
      entry = { revision, texts: new Map(), bytes: 0 };
    }
    const previous = entry.texts.get(key);
    if (previous !== undefined) {
      entry.bytes -= previous.length * 2;
      this.bytes -= previous.length * 2;
    }
    entry.texts.set(key, text);
    entry.bytes += size;
    this.bytes += size;
    this.users.delete(userId);
    this.users.set(userId, entry);
    for (const [oldest, kept] of this.users) {
      if (this.bytes <= this.capacityBytes || oldest === userId) break;
      this.users.delete(oldest);
      this.bytes -= kept.bytes;
    }
  }

  /** Bytes held (an estimate: two per character). */
  get size(): number {
    return this.bytes;
  }
}
