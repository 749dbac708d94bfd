/**
 * Early reads (docs/ARCHITECTURE.md, "Early reads and the live stream"): the index.html the
 * server sends a signed-in browser names the first screen's reads (contracts/first-reads.ts), and
 * boot.js (inline in index.html) starts them as the page starts, while the app's code downloads.
 * The app takes each answer over in place of its own request: on a phone that saves the chain
 * session → user → the rest, a round trip each, after the code has run.
 *
 * An early answer is taken at most once, and only while nothing can have made it older than the
 * app's own read would be: no change sent by this page yet (its own, a queued one replayed, a
 * sign-in) and the live stream not started. Anything else (another device, a change of an earlier
 * page still landing) is caught by the revisions (read-revisions.ts): an answer older than the
 * stream's start is read again.
 */

declare global {
  /** Set by boot.js (as `window.habitquestEarlyReads`): path → the read it started. */
  var habitquestEarlyReads: Record<string, Promise<Response> | undefined> | undefined;
}

/** The early answer for this path, once; undefined when there is none or it may be stale. */
export function takeEarlyRead(path: string): Promise<Response> | undefined {
  const reads = globalThis.habitquestEarlyReads;
  const read = reads?.[path];
  if (!reads || !read) return undefined;
  reads[path] = undefined;
  return read;
}

/** Drops every early answer not taken yet: from now on they could be older than a new read. */
export function dropEarlyReads(): void {
  globalThis.habitquestEarlyReads = undefined;
}

/** Whether this page started early reads that are still there to take. */
export function hasEarlyReads(): boolean {
  const reads = globalThis.habitquestEarlyReads;
  return reads !== undefined && Object.values(reads).some((read) => read !== undefined);
}
