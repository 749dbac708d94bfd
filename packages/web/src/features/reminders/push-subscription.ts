/**
 * Reminders when no tab is open (docs/product.md "Reminders"): once notifications are allowed,
 * this browser subscribes to the server's pushes with its public key and hands the subscription
 * to the server. Push needs https and the browser vendor's push service; where either is missing
 * (plain http, a browser without push, a network that cannot reach the service), subscribing
 * fails and reminders come only while a tab is open.
 */
import { routes } from '@habitquest/contracts/routes';
import { call } from '../../lib/api';

export type PushState = 'subscribed' | 'unavailable' | 'off';

/** Subscribes this browser (or refreshes its subscription on the server); never throws. */
export async function subscribeToPushes(): Promise<PushState> {
  try {
    if (!('serviceWorker' in navigator) || !('PushManager' in window)) return 'unavailable';
    const { publicKey } = await call(routes.pushKey);
    if (publicKey === null) return 'off';
    const registration = await navigator.serviceWorker.ready;
    const existing = await registration.pushManager.getSubscription();
    const subscription =
      existing ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: fromBase64Url(publicKey),
      }));
    const json = subscription.toJSON();
    const keys = json.keys ?? {};
    if (!json.endpoint || !keys.p256dh || !keys.auth) return 'unavailable';
    await call(routes.subscribePush, {
      body: { endpoint: json.endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
    });
    return 'subscribed';
  } catch {
    return 'unavailable';
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

let pending: Promise<PushState> | null = null;

/** subscribeToPushes once per page (a refused subscription is not retried until a reload). */
export function ensurePushSubscription(): Promise<PushState> {
  pending ??= subscribeToPushes();
  return pending;
}
