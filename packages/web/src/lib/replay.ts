/**
 * Sends the outbox to the server, oldest first (docs/offline.md). One tab at a time replays (a Web
 * Lock); the others see the queue shrink through the outbox's channel. An entry is removed when
 * the server answers 2xx, or a final 4xx (refused: shown to the user, its change rolled back by
 * refetching the truth). A network error, a 5xx, a 401, 408 or 429, or a 409 for a send still in
 * progress keeps it and stops the replay,
 * which tries again with backoff (1 s doubling to 60 s) or when the server is reachable again:
 * later entries never overtake an earlier one. An entry the server answered "later" (a 5xx, 408,
 * 429) waits for its backoff even when the server looks reachable again sooner: a route behind a
 * proxy that answers 502 while /api/health answers would otherwise be sent at every probe. Only the signed-in user's entries go, and only once
 * the server has confirmed who that is (lib/outbox.ts, `setOutboxOwner`).
 */
import { EXPECTED_USER_HEADER } from '@habitquest/contracts/headers';
import { CLIENT_ID } from './api';
import { dropEarlyReads } from './early-reads';
import { countRetry, readOutboxToSend, settle, type OutboxEntry } from './outbox';
import { isReachable, reportReachable, subscribeReachability } from './reachability';
import { createListeners } from './listeners';

const REPLAY_LOCK = 'habitquest-outbox-replay';
const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 60_000;

let isReplaying = false;
let current: Promise<void> | null = null;
let isAskedAgain = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
/** Until when (ms) an entry the server answered "later" waits, whatever reachability says. */
let answeredRetryAt = 0;
const syncingListeners = createListeners();
const sessionRefusedListeners = createListeners();

export function isSyncing(): boolean {
  return isReplaying;
}

export const subscribeSyncing = syncingListeners.subscribe;

/**
 * Called when a send is answered 401: the session has ended, or the browser now holds another
 * account's. Whoever knows the session asks for it again (features/auth/outbox-owner.ts).
 */
export const onSessionRefused = sessionRefusedListeners.subscribe;

type Sent = { kind: 'synced' | 'refused' | 'retry'; status: number; body: unknown };

/**
 * Replays the queue now, or joins this tab's replay already running; resolves when it stops. When
 * another tab holds the lock it resolves at once: that tab sends the entries.
 */
export function replayOutbox(): Promise<void> {
  // Asked while a replay runs: what it read may be older than the reason for asking (the session
  // confirmed after it found nothing to send), so it runs once more when done.
  if (current) {
    isAskedAgain = true;
    return current;
  }
  current = (async () => {
    do {
      isAskedAgain = false;
      await run();
    } while (wasAskedAgain());
  })().finally(() => {
    current = null;
  });
  return current;
}

/** Whether replayOutbox() was called during the run that just ended (set from outside it). */
function wasAskedAgain(): boolean {
  return isAskedAgain;
}

/** Whether a retry is waiting for its backoff (the entries stay queued until then). */
export function isBackingOff(): boolean {
  return retryTimer !== undefined;
}

async function run(): Promise<void> {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  answeredRetryAt = 0;
  await withReplayLock(async () => {
    setReplaying(true);
    try {
      await drain();
    } finally {
      setReplaying(false);
    }
  });
}

/** Starts replaying whenever the server becomes reachable, and once now. */
export function replayWhenReachable(): () => void {
  void replayOutbox();
  return subscribeReachability(() => {
    if (isReachable() && Date.now() >= answeredRetryAt) void replayOutbox();
  });
}

async function drain(): Promise<void> {
  for (;;) {
    // Known to be out of reach: sending would only fail and count a retry, so that after a long
    // time offline the first 5xx back online would wait the longest backoff. Reachability's
    // probe starts the replay again when the server answers.
    if (!isReachable()) return;
    const [entry] = await readOutboxToSend();
    if (!entry) return;
    const sent = await send(entry);
    if (sent.kind === 'retry') {
      await countRetry(entry.id);
      // A send that could not connect goes again as soon as the server is reachable; one the
      // server answered waits for its backoff.
      scheduleRetry(entry.retries + 1, sent.status !== 0);
      return;
    }
    await settle(
      sent.kind === 'synced'
        ? { kind: 'synced', id: entry.id, body: sent.body }
        : { kind: 'refused', id: entry.id, status: sent.status, body: sent.body },
    );
  }
}

async function send(entry: OutboxEntry): Promise<Sent> {
  // A change: every early answer not taken yet may be older than a read after it.
  dropEarlyReads();
  let response: Response;
  try {
    response = await fetch(entry.path, {
      method: entry.method,
      credentials: 'same-origin',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': entry.id,
        'x-client-id': CLIENT_ID,
        // Whose change it is: under another account's session the server answers 401 and the
        // entry waits for its own account (docs/offline.md, "Whose changes").
        ...(entry.owner === undefined ? {} : { [EXPECTED_USER_HEADER]: entry.owner }),
      },
      body: JSON.stringify(entry.body),
    });
  } catch {
    reportReachable(false);
    return { kind: 'retry', status: 0, body: null };
  }
  const isGatewayError = response.status === 502 || response.status === 504;
  reportReachable(!isGatewayError);
  if (response.status === 401) sessionRefusedListeners.emit();
  const text = await response.text().catch(() => '');
  const body = parse(text);
  if (response.ok) return { kind: 'synced', status: response.status, body };
  // Kept: 401 (the session ended while the change waited; it goes after its account signs in again), 408,
  // 429, and IDEMPOTENCY_IN_PROGRESS: an earlier send of this very entry is still being processed
  // (its answer was lost; asking again later gets that answer). Any other 409 (a category name
  // taken meanwhile) is a refusal.
  const isKept =
    [401, 408, 429].includes(response.status) ||
    (response.status === 409 && errorCodeOf(body) === 'IDEMPOTENCY_IN_PROGRESS');
  const isFinal = response.status >= 400 && response.status < 500 && !isKept;
  return { kind: isFinal ? 'refused' : 'retry', status: response.status, body };
}

function scheduleRetry(attempt: number, isAnswered: boolean): void {
  const delay = Math.min(FIRST_RETRY_MS * 2 ** (attempt - 1), LAST_RETRY_MS);
  answeredRetryAt = isAnswered ? Date.now() + delay : 0;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void replayOutbox();
  }, delay);
}

function setReplaying(value: boolean): void {
  isReplaying = value;
  syncingListeners.emit();
}

function errorCodeOf(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const { error } = body;
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Runs `work` only when no other tab is replaying (they would send the same entries). */
async function withReplayLock(work: () => Promise<void>): Promise<void> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) {
    await work();
    return;
  }
  await navigator.locks.request(REPLAY_LOCK, { ifAvailable: true }, async (lock) => {
    if (lock) await work();
  });
}
