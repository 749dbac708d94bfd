/**
 * Reminders when no tab is open (docs/product.md "Reminders"): once notifications are allowed,
 * this browser subscribes to the server's pushes with its public key and hands the subscription
 * to the server. Push needs https and the browser vendor's push service; where either is missing
 * (plain http, a browser without push, a network that cannot reach the service), subscribing
 * fails and reminders come only while a tab is open.
 *
 * With the subscription go this device's pause and snooze (until when it is quiet) and its last
 * activity, so that the server's push round neither pushes to a paused or snoozed browser nor
 * takes from a tab in use a reminder its planner holds back. They are sent again whenever they
 * change; a call that fails is made again at the next reminders round.
 */
import type { PushQuietUntil } from '@habitquest/contracts/push';
import { routes } from '@habitquest/contracts/routes';
import { ApiError, call } from '../../lib/api';
import { readDeviceState } from './device-state';
import { lastInteractionAt } from './session';

export type PushState = 'subscribed' | 'unavailable' | 'off';

/**
 * A newer activity than the server has is sent once it is this much later. Shorter than the 15
 * minutes a session lasts without activity (session.ts): a click after a longer pause starts a
 * session, whose round sends it at once, so the server is never more than this behind a tab in
 * use, far within the planner's 2 and 4 hour gates.
 */
export const ACTIVITY_STEP_MS = 5 * 60_000;

/** What this browser tells the server with its subscription. */
export type PushDeviceReport = {
  quietUntil: PushQuietUntil;
  activeAt: string | null;
  /** The days this device started a session on (the weekly activity score's), oldest first. */
  sessionDays: string[];
};

/** This device's state now: paused (no end), snoozed until, or neither; and its last activity. */
export function deviceReport(now = Date.now()): PushDeviceReport {
  const device = readDeviceState();
  const quietUntil = device.isPaused
    ? 'indefinitely'
    : device.snoozedUntil !== null && device.snoozedUntil > now
      ? new Date(device.snoozedUntil).toISOString()
      : null;
  const active = Math.max(device.lastAppOpen ?? 0, lastInteractionAt());
  const sessionDays = Object.entries(device.dailySessions)
    .filter(([, count]) => (count ?? 0) > 0)
    .map(([day]) => day)
    .sort()
    .slice(-14);
  return { quietUntil, activeAt: active > 0 ? new Date(active).toISOString() : null, sessionDays };
}

/** The server's push key, once it answered with one. */
let serverKey: string | null = null;

/** What the server last answered 200 to, on this page. */
let told: { endpoint: string; report: PushDeviceReport } | null = null;

/** Whether `report` says something the server does not have yet. */
function isNews(endpoint: string, report: PushDeviceReport): boolean {
  if (told?.endpoint !== endpoint || told.report.quietUntil !== report.quietUntil) return true;
  if (told.report.sessionDays.join() !== report.sessionDays.join()) return true;
  if (report.activeAt === null) return false;
  const known = told.report.activeAt === null ? 0 : Date.parse(told.report.activeAt);
  return Date.parse(report.activeAt) - known >= ACTIVITY_STEP_MS;
}

/**
 * Subscribes this browser (or refreshes its subscription on the server) with this device's
 * state, when the server does not have it yet; never throws. Answers 'unavailable' after a
 * failed call too, and whether that is so for the page (`isFinal`): a browser without push, or
 * one that refused to subscribe, a subscription the server refused, and a server that sends none
 * ('off').
 */
export async function subscribeToPushes(): Promise<{ state: PushState; isFinal: boolean }> {
  const final = (state: PushState) => ({ state, isFinal: true });
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) return final('unavailable');
  try {
    // The server's key is asked for once a page; the rounds after that only refresh the state.
    const publicKey = serverKey ?? (await call(routes.pushKey)).publicKey;
    if (publicKey === null) return final('off');
    serverKey = publicKey;
    const registration = await navigator.serviceWorker.ready;
    const existing = await registration.pushManager.getSubscription();
    const subscription =
      existing ??
      (await registration.pushManager
        .subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(publicKey) })
        .catch(() => null));
    const json = subscription?.toJSON() ?? {};
    const keys = json.keys ?? {};
    if (!json.endpoint || !keys.p256dh || !keys.auth) return final('unavailable');
    const report = deviceReport();
    if (isNews(json.endpoint, report)) {
      await call(routes.subscribePush, {
        body: {
          endpoint: json.endpoint,
          keys: { p256dh: keys.p256dh, auth: keys.auth },
          ...report,
        },
      });
      told = { endpoint: json.endpoint, report };
    }
    return { state: 'subscribed', isFinal: false };
  } catch (error) {
    // A subscription the server refuses (400) stays refused; offline or anything else, the next
    // round tries again.
    return { state: 'unavailable', isFinal: error instanceof ApiError && error.status === 400 };
  }
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** What holds for the rest of this page: push cannot work here (subscribeToPushes' isFinal). */
let settled: PushState | null = null;
let running: Promise<PushState> | null = null;

/**
 * subscribeToPushes at every reminders round (reminder-round.ts) and from the panel: one call at
 * a time, the next after it (so a pause made meanwhile is sent too). Where push cannot work here
 * it is not tried again until a reload; a call that failed otherwise is made again the next time.
 */
export function ensurePushSubscription(): Promise<PushState> {
  if (settled) return Promise.resolve(settled);
  const previous = running ?? Promise.resolve(null);
  const next = previous.then(async () => {
    if (settled) return settled;
    const { state, isFinal } = await subscribeToPushes();
    if (isFinal) settled = state;
    return state;
  });
  running = next;
  void next.finally(() => {
    if (running === next) running = null;
  });
  return next;
}
