/**
 * Whether the server can be reached (docs/offline.md). `navigator.onLine` only says a network is
 * attached: a captive portal, a dead Wi-Fi or a server that is down all look "online" to it. So a
 * request that fails to connect marks the app unreachable, any answer marks it reachable, and
 * while unreachable a probe of /api/health runs with backoff (2 s doubling to 30 s), at once when
 * the browser says it is back online. TanStack Query's onlineManager follows this state, so
 * queries pause instead of failing while the server is out of reach.
 */
import { routes } from '@habitquest/contracts/routes';
import { onlineManager } from '@tanstack/react-query';
import { createListeners } from './listeners';

const FIRST_PROBE_MS = 2_000;
const LAST_PROBE_MS = 30_000;

let reachable = typeof navigator === 'undefined' ? true : navigator.onLine;
const listeners = createListeners();
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let probeDelay = FIRST_PROBE_MS;

export function isReachable(): boolean {
  return reachable;
}

/** Calls `listener` whenever reachability changes; returns the unsubscribe function. */
export const subscribeReachability = listeners.subscribe;

/** What a request learned: it got an answer (true) or could not connect (false). */
export function reportReachable(value: boolean): void {
  // The browser has no network at all, yet an answer came: it may have set out before the
  // network went away (after the 'offline' event), and believing it would show the app online,
  // with no probe, until the next request fails. Ask the server instead: a server on this very
  // machine still answers the probe.
  if (value && !reachable && typeof navigator !== 'undefined' && !navigator.onLine) {
    void probe();
    return;
  }
  setReachable(value);
}

function setReachable(value: boolean): void {
  if (value) {
    clearTimeout(probeTimer);
    probeTimer = undefined;
    probeDelay = FIRST_PROBE_MS;
  } else if (probeTimer === undefined) {
    scheduleProbe();
  }
  if (value === reachable) return;
  reachable = value;
  listeners.emit();
}

/** Asks the server now (also what the browser's 'online' event does). */
export async function probe(): Promise<boolean> {
  try {
    const response = await fetch(routes.health.path, { cache: 'no-store' });
    // A proxy answering for a server that is down is not the server.
    const isUp = response.status !== 502 && response.status !== 504;
    setReachable(isUp);
    return isUp;
  } catch {
    setReachable(false);
    return false;
  }
}

function scheduleProbe(): void {
  probeTimer = setTimeout(() => {
    probeTimer = undefined;
    probeDelay = Math.min(probeDelay * 2, LAST_PROBE_MS);
    void probe().then((isUp) => {
      if (!isUp && probeTimer === undefined) scheduleProbe();
    });
  }, probeDelay);
}

/** Wires the browser's online/offline events and TanStack Query to this state (once, at start). */
export function watchReachability(): void {
  window.addEventListener('offline', () => {
    reportReachable(false);
  });
  window.addEventListener('online', () => {
    probeDelay = FIRST_PROBE_MS;
    void probe();
  });
  onlineManager.setEventListener((setOnline) => {
    setOnline(reachable);
    return subscribeReachability(() => {
      setOnline(reachable);
    });
  });
}
