/**
 * The browser's notifications (docs/product.md "Reminders"): whether this page can show any, the
 * permission (asked only when the user acts), and showing one through the service worker, so a
 * click on it reaches the app even from another window, with a 'Mark complete' action where the
 * platform has actions. Without a service worker (a development server) a page notification
 * stands in. Either closes itself after NOTIFICATION_AUTO_CLOSE_MS unless it requires interaction
 * (the user's "persistent reminders").
 */

import { NOTIFICATION_AUTO_CLOSE_MS } from '@habitquest/core/reminders/notification';
import { desktopCall, desktopShell } from '../desktop/desktop-shell';

/** Why notifications cannot work here, or 'supported'. */
export type NotificationSupport = 'supported' | 'unsupported' | 'insecure';
export type Permission = 'granted' | 'denied' | 'default';

export function notificationSupport(): NotificationSupport {
  // In the desktop shell the system's notifications stand in for the browser's.
  if (desktopShell()) return 'supported';
  // Browsers give notifications (and service workers) to secure pages only: https or localhost.
  if (typeof window === 'undefined' || !window.isSecureContext) return 'insecure';
  return 'Notification' in window ? 'supported' : 'unsupported';
}

/** The permission now; 'denied' where notifications cannot work at all. */
export function permissionNow(): Permission {
  const shell = desktopShell();
  if (shell) return shell.notificationPermission;
  return notificationSupport() === 'supported' ? Notification.permission : 'denied';
}

/** Asks for the permission (call it from a click: browsers ignore it otherwise). */
export async function askPermission(): Promise<Permission> {
  const shell = desktopShell();
  if (shell) return (await desktopCall('init_notifications', {})) ?? shell.notificationPermission;
  if (notificationSupport() !== 'supported') return 'denied';
  if (Notification.permission !== 'default') return Notification.permission;
  return await Notification.requestPermission();
}

export type ShownReminder = {
  title: string;
  body: string;
  /** One notification per tag: a newer one of the same tag replaces it. */
  tag: string;
  /** What a click or the 'Mark complete' action acts on (service worker, sw.ts). */
  data: { habitId?: string; date?: string };
  requireInteraction?: boolean;
  silent?: boolean;
};

/** A notification's picture: the logo (the spec's default, /favicon.png). */
export const NOTIFICATION_ICON = '/favicon.png';
/** The small monochrome mark in a phone's status bar: the tick alone (scripts/make-icons.mjs). */
export const NOTIFICATION_BADGE = '/icons/badge-96.png';

/** The action a reminder about one habit offers (the service worker handles it). */
export const COMPLETE_ACTION = 'complete';

export async function showNotification(reminder: ShownReminder): Promise<void> {
  if (desktopShell()) {
    const isShown = await desktopCall('send_notification', {
      title: reminder.title,
      body: reminder.body,
      tag: reminder.tag,
      habitId: reminder.data.habitId,
      date: reminder.data.date,
      isPersistent: reminder.requireInteraction,
      isSilent: reminder.silent,
    });
    if (isShown !== true) throw new Error('the desktop shell showed no notification');
    return;
  }
  // Which one this is, among notifications of the same tag: the one to close later.
  const shownAt = Date.now();
  const options: NotificationOptions & { actions?: { action: string; title: string }[] } = {
    body: reminder.body,
    tag: reminder.tag,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    data: { ...reminder.data, shownAt },
    requireInteraction: reminder.requireInteraction ?? false,
    silent: reminder.silent ?? false,
    ...(reminder.data.habitId
      ? { actions: [{ action: COMPLETE_ACTION, title: 'Mark complete' }] }
      : {}),
  };
  const staysOpen = options.requireInteraction === true;
  const registration = await activeRegistration();
  if (registration) {
    await registration.showNotification(reminder.title, options);
    if (!staysOpen) {
      setTimeout(() => {
        void closeShown(registration, reminder.tag, shownAt);
      }, NOTIFICATION_AUTO_CLOSE_MS);
    }
    return;
  }
  // A page notification has no actions: a click just brings the page forward.
  const pageOptions: NotificationOptions & { actions?: unknown } = { ...options };
  delete pageOptions.actions;
  const shown = new Notification(reminder.title, pageOptions);
  if (!staysOpen) {
    setTimeout(() => {
      shown.close();
    }, NOTIFICATION_AUTO_CLOSE_MS);
  }
}

/** Closes the notification of `tag` shown at `shownAt`, if it is still there (not a newer one). */
async function closeShown(
  registration: ServiceWorkerRegistration,
  tag: string,
  shownAt: number,
): Promise<void> {
  const shown = await registration.getNotifications({ tag });
  for (const notification of shown) {
    const data = notification.data as { shownAt?: unknown } | null;
    if (data?.shownAt === shownAt) notification.close();
  }
}

/** The service worker's registration once it is active, or null when there is none. */
async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return null;
  if (registration.active) return registration;
  return await navigator.serviceWorker.ready;
}
