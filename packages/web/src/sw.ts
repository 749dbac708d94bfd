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
 * Kept a plain module on purpose, so later features (notifications: `push`,
 * `notificationclick`) are listeners added here.
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

// The first worker controls the tab that installed it without a reload (offline from the first
// visit on). An update, once told to skip waiting, gets the open tabs anyway.
clientsClaim();
