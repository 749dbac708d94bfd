/**
 * Registers the service worker (src/sw.ts, built to /sw.js) and wires its updates to the
 * new-version notice. Imported dynamically by main.tsx once the page has loaded and is idle, so
 * workbox-window stays out of the first download and its install out of the first screen's work;
 * production builds only (the dev server has no sw.js), and only where the browser allows service
 * workers: HTTPS, or localhost / 127.0.0.1.
 *
 * Updates never reload a tab on their own (registerType 'prompt'): a new worker waits, the notice
 * says "Update available", and its Reload posts SKIP_WAITING to the waiting worker and reloads
 * once that worker is activated or controls the page (workbox-window's `waiting`,
 * `messageSkipWaiting` and `controlling`; the worker's own `statechange`).
 */
import { Workbox } from 'workbox-window';
import {
  connectServiceWorker,
  reportUpdateActive,
  reportUpdateWaiting,
  tab,
  type ServiceWorkerUpdates,
} from './new-version';

/** Where a service worker may run: a secure page (HTTPS, or the loopback host over HTTP). */
export function canUseServiceWorker(
  location: Pick<Location, 'protocol' | 'hostname'> = window.location,
  nav: Navigator = navigator,
): boolean {
  if (!('serviceWorker' in nav)) return false;
  if (location.protocol === 'https:') return true;
  return (
    location.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(location.hostname)
  );
}

/**
 * After Reload, how long to wait for the new worker before reloading anyway (a worker that never
 * activates: the tab then comes back under the old one, which still offers the update).
 */
const TAKEOVER_TIMEOUT_MS = 10_000;
/** How long an installed worker must stay waiting to count as an update (as workbox-window). */
const WAITING_SETTLE_MS = 200;

/**
 * Registers /sw.js (through workbox-window; `createWorkbox` is for tests) and connects it to the
 * notice. Resolves once registered. Where service workers cannot run, or registration is refused
 * (a private mode, a test browser that blocks workers), the app stays as it is, with the
 * /build.json checks only.
 */
export async function registerServiceWorker(
  createWorkbox: () => Workbox = () => new Workbox('/sw.js', { scope: '/' }),
): Promise<void> {
  if (!canUseServiceWorker()) return;
  const workbox = createWorkbox();
  // The controller the tab has now: a change from one worker to another is an update taking over.
  let controller = navigator.serviceWorker.controller;
  let reloadRequested = false;
  let hasReloaded = false;
  const reload = (): void => {
    if (hasReloaded) return;
    hasReloaded = true;
    tab.reload();
  };

  workbox.addEventListener('waiting', () => {
    reportUpdateWaiting();
  });
  workbox.addEventListener('controlling', () => {
    const previous = controller;
    controller = navigator.serviceWorker.controller;
    if (reloadRequested) reload();
    // The first worker claiming the tab changes nothing; a new one may have dropped old parts.
    else if (previous) reportUpdateActive();
  });

  const registration = await workbox.register().catch(() => undefined);
  if (!registration) return;
  // workbox-window stops watching the registration after one worker it did not register itself
  // (e.g. an update found over a minute after load): any later worker still has to be noticed.
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state !== 'installed' || !navigator.serviceWorker.controller) return;
      // A first worker passes through "installed" on its way to active: only one that stays waits.
      setTimeout(() => {
        if (registration.waiting === installing) reportUpdateWaiting();
      }, WAITING_SETTLE_MS);
    });
  });

  const updates: ServiceWorkerUpdates = {
    controlsPage: () => navigator.serviceWorker.controller !== null,
    checkForUpdate: () => {
      workbox.update().catch(() => undefined); // offline, or the server is away: next time
    },
    applyUpdate: () => {
      if (!registration.waiting) {
        reload(); // already taken over (another tab's Reload): this tab just reloads
        return;
      }
      reloadRequested = true;
      // Once it is activated, a reload is served by the new worker, whether or not it has
      // claimed this tab yet ('controlling'); on a busy device that claim can come late.
      const waiting = registration.waiting;
      waiting.addEventListener('statechange', () => {
        if (waiting.state === 'activated') reload();
      });
      workbox.messageSkipWaiting();
      setTimeout(reload, TAKEOVER_TIMEOUT_MS);
    },
  };
  connectServiceWorker(updates);
}
