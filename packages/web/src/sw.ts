/**
 * The service worker (built by vite-plugin-pwa in injectManifest mode into dist/sw.js; its own
 * tsconfig, tsconfig.sw.json, gives it the WebWorker types). What it does:
 *
 * - Precaches the app shell of its build: index.html, every JavaScript and CSS chunk (the lazy
 *   ones too, so a dialog opens offline), the icons, the manifest and the Ogg sounds. The build
 *   writes the list into `self.__WB_MANIFEST`, with a revision for each file whose name carries
 *   no hash; a new deployment is a new list, hence a new sw.js the browser notices.
 * - Answers page navigations with the precached index.html, so the app starts offline. Not /api
 *   (the app keeps its data in its own IndexedDB cache), not /build.json, not a path that names a
 *   file: those always go to the network, and nothing else is cached at run time.
 * - Waits when it is an update (registerType 'prompt'): the tab shows "Update available", and its
 *   Reload button posts {type: 'SKIP_WAITING'} (app/service-worker.ts). The first install takes
 *   control at once, which changes nothing for the page: it runs the very build just cached.
 *
 * - Handles a click on a reminder (notificationclick): 'Mark complete' completes the habit,
 *   any other click brings the app forward; and shows the reminders the server pushes (push).
 */
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
};

/**
 * Navigations the precached shell must not answer (tested against path and query): the API, the
 * build id, and any path that names a file (as the server's `looksLikeFile`), which the server
 * answers itself, with the file or a 404.
 */
const NETWORK_ONLY_NAVIGATIONS = [
  /^\/api(\/|\?|$)/,
  /^\/build\.json(\?|$)/,
  /^[^?]*\/[^/?]*\.[a-z0-9]{1,12}(\?|$)/i,
];

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: NETWORK_ONLY_NAVIGATIONS,
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'SKIP_WAITING'
  ) {
    void self.skipWaiting();
  }
});

/**
 * A reminder pushed while no tab is open (the server's push sender): shown as the server wrote it.
 * A push that cannot be read still shows something, as browsers require of every push.
 */
self.addEventListener('push', (event: PushEvent) => {
  let payload: { title?: unknown; body?: unknown; tag?: unknown; data?: unknown } = {};
  try {
    payload = (event.data?.json() ?? {}) as typeof payload;
  } catch {
    // not JSON: the fallback below
  }
  const title = typeof payload.title === 'string' ? payload.title : 'HabitQuest';
  const data = (typeof payload.data === 'object' && payload.data !== null ? payload.data : {}) as {
    habitId?: unknown;
  };
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : 'Your habits are waiting.',
      ...(typeof payload.tag === 'string' ? { tag: payload.tag } : {}),
      icon: '/favicon.png',
      // The tick alone: a phone's status bar draws the badge from its alpha channel only.
      badge: '/icons/badge-96.png',
      data,
      ...(typeof data.habitId === 'string'
        ? { actions: [{ action: 'complete', title: 'Mark complete' }] }
        : {}),
    }),
  );
});

/**
 * A reminder clicked (features/reminders): 'Mark complete' completes its habit for the day it
 * was about, with a key that makes a second click harmless; any other click brings the app
 * forward, opening it when no tab is.
 */
self.addEventListener('notificationclick', (event: NotificationEvent) => {
  const notification = event.notification;
  notification.close();
  const data = (notification.data ?? {}) as { habitId?: unknown; date?: unknown };
  const habitId = typeof data.habitId === 'string' ? data.habitId : null;
  const date = typeof data.date === 'string' ? data.date : null;
  if (event.action === 'complete' && habitId && date) {
    event.waitUntil(completeFromNotification(habitId, date, notification.tag));
    return;
  }
  event.waitUntil(focusApp(habitId));
});

async function completeFromNotification(habitId: string, date: string, tag: string) {
  const path = `/api/habits/${encodeURIComponent(habitId)}/completions/${encodeURIComponent(date)}`;
  const response = await fetch(path, {
    method: 'PUT',
    credentials: 'same-origin',
    headers: {
      'content-type': 'application/json',
      'idempotency-key': `notification-${tag}-${habitId}`,
    },
    body: JSON.stringify({ completed: true }),
  }).catch(() => null);
  // Could not complete it from here (offline, signed out): open the app to do it there.
  if (!response?.ok) await focusApp(habitId);
}

/** Brings a HabitQuest tab forward on the habit (features/reminders/focus-habit.ts), or opens one. */
async function focusApp(habitId: string | null): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    if (habitId) open.postMessage({ type: 'focus-habit', habitId });
    // Browsers allow it only while handling the user's click; the tab has its message anyway.
    await open.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(habitId ? `/?habit=${encodeURIComponent(habitId)}` : '/');
}

// The first worker controls the tab that installed it without a reload (offline from the first
// visit on). An update, once told to skip waiting, gets the open tabs anyway.
clientsClaim();
