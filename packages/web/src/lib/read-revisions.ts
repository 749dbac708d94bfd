/**
 * How new the answers the app holds are, against the live stream (docs/ARCHITECTURE.md, "Early
 * reads and the live stream"). Every signed-in read answers the revision of the user's data it
 * was read at (REVISION_HEADER); the stream's first heartbeat says the revision it starts from.
 * A change between the two reached no stream, so an answer read before the stream began at an
 * older revision is stale: everything is read again (`onStale`, a resync). After the start, the
 * stream's own events tell every change.
 *
 * This matters most for early reads (early-reads.ts), asked for before the app has even run,
 * but it holds for any read that raced the stream's start.
 */

/** The oldest revision of an answer read while no stream had started, or null. */
let oldestBeforeStream: number | null = null;
/** The revision the current stream started from, or null while there is none. */
let streamStart: number | null = null;
let staleListener: (() => void) | null = null;

function stale(): void {
  oldestBeforeStream = null;
  staleListener?.();
}

/** An answer's revision header (absent for a visitor, or a user without progress yet). */
export function noteAnswerRevision(header: string | null): void {
  if (header === null || header === '') return;
  const revision = Number(header);
  if (!Number.isSafeInteger(revision)) return;
  if (streamStart === null) {
    oldestBeforeStream =
      oldestBeforeStream === null ? revision : Math.min(oldestBeforeStream, revision);
  } else if (revision < streamStart) {
    // Asked before the stream began, answered after: it misses what changed in between.
    stale();
  }
}

/**
 * A stream has started from this revision (its first heartbeat): whatever was read before it,
 * at an older revision, is read again through `whenStale`; unless everything is being read again
 * anyway (`isReadingAgain`: a reconnect's resync).
 */
export function streamStarted(
  revision: number | null | undefined,
  whenStale: () => void,
  isReadingAgain = false,
): void {
  staleListener = whenStale;
  if (revision === null || revision === undefined) return;
  streamStart = revision;
  if (!isReadingAgain && oldestBeforeStream !== null && oldestBeforeStream < revision) stale();
  oldestBeforeStream = null;
}

/** The stream has ended: answers from now until the next one starts are compared with it. */
export function streamEnded(): void {
  streamStart = null;
}
