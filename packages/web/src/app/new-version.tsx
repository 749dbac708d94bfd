/**
 * Noticing a new deployment. The server names the build it serves (GET /build.json: the entry
 * script of its index.html, whose name carries a content hash); this tab knows the entry script it
 * started from. When they differ, code-split parts of this tab may be gone from the server, so the
 * app offers a reload instead of failing later. Checked when the tab comes back into view, every
 * 15 minutes, and whenever a part fails to load.
 *
 * With a service worker controlling the tab (service-worker.ts, production over HTTPS or on
 * localhost), the tab's files come from the worker's precache, which a plain reload would serve
 * again. There the same checks ask the browser to look for a new sw.js instead, and the notice
 * says "Update available" once the new worker waits: its Reload tells that worker to take over
 * and reloads when it has. A worker that took over without this tab asking (Reload in another
 * tab) gets the same notice, with a plain reload. Nothing reloads without a click.
 */
import { RefreshCw } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { Button } from '../components/ui/Button';
import { cx } from '../components/ui/cx';
import { appCopy as copy } from './copy';

const CHECK_EVERY_MS = 15 * 60_000;

/** The notice's words when a new service worker is ready, and once its Reload was pressed. */
export const updateCopy = {
  available: { title: 'Update available', text: 'Reload to use the new version of HabitQuest.' },
  updating: { title: 'Updating…', text: 'HabitQuest reloads as soon as the new version is ready.' },
} as const;

/** What service-worker.ts plugs in once the worker is registered. */
export type ServiceWorkerUpdates = {
  /** Whether a service worker controls this tab (its files then come from the precache). */
  controlsPage: () => boolean;
  /** Asks the browser to look for a new sw.js now. */
  checkForUpdate: () => void;
  /** Tells the waiting worker to take over, then reloads once it controls the page. */
  applyUpdate: () => void;
};

/**
 * What the notice offers: nothing, a reload to the server's new build (no service worker), the
 * waiting worker's update, or a reload after another tab's update took over this one; or, once
 * the waiting worker's Reload was pressed, that the tab is waiting for it to take over (on a
 * busy device that can take seconds, and the notice says so rather than seem to do nothing).
 */
export type Offer = 'none' | 'new-build' | 'update-waiting' | 'update-active' | 'updating';

/** Reloads the tab: one place for tests to watch (a jsdom page cannot navigate). */
export const tab = {
  reload: (): void => {
    window.location.reload();
  },
};

/** The build this tab runs: its module entry script, or null in development (no hashed entry). */
export function ownBuild(): string | null {
  const src = document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null;
  return src?.startsWith('/assets/') ? src : null;
}

let isNewVersion = false;
let inFlight: Promise<boolean> | null = null;
let worker: ServiceWorkerUpdates | null = null;
let workerOffer: Exclude<Offer, 'new-build'> = 'none';
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Called by service-worker.ts once registered: later checks also look for a new worker. */
export function connectServiceWorker(updates: ServiceWorkerUpdates): void {
  worker = updates;
  if (isNewVersion && updates.controlsPage() && workerOffer === 'none') updates.checkForUpdate();
  notify();
}

/** A new service worker is installed and waits to take over (a new deployment). */
export function reportUpdateWaiting(): void {
  if (workerOffer === 'update-waiting' || workerOffer === 'updating') return;
  workerOffer = 'update-waiting';
  notify();
}

/** A new service worker took control of this tab without its asking: its old parts may be gone. */
export function reportUpdateActive(): void {
  if (workerOffer === 'update-active') return;
  workerOffer = 'update-active';
  notify();
}

async function askServer(own: string): Promise<boolean> {
  try {
    const response = await fetch('/build.json', { cache: 'no-store' });
    if (!response.ok) return false;
    const { build } = (await response.json()) as { build?: unknown };
    return typeof build === 'string' && build !== own;
  } catch {
    return false; // offline: nothing to say yet
  }
}

/**
 * Asks the server which build it serves; resolves true when it is not this tab's. Under a service
 * worker, a new build also sends the browser looking for the new worker.
 */
export function checkForNewVersion(): Promise<boolean> {
  const own = ownBuild();
  if (!own || isNewVersion) {
    if (isNewVersion && worker?.controlsPage() && workerOffer === 'none') worker.checkForUpdate();
    return Promise.resolve(isNewVersion);
  }
  inFlight ??= askServer(own).then((isNew) => {
    inFlight = null;
    if (isNew && !isNewVersion) {
      isNewVersion = true;
      if (worker?.controlsPage() && workerOffer === 'none') worker.checkForUpdate();
      notify();
    }
    return isNew;
  });
  return inFlight;
}

/** What the notice offers now (see `Offer`). */
export function currentOffer(): Offer {
  if (workerOffer !== 'none') return workerOffer;
  // Under a worker a plain reload would start this same build again: wait for the new worker.
  if (isNewVersion && !worker?.controlsPage()) return 'new-build';
  return 'none';
}

/** The notice's Reload: the waiting worker takes over first, when there is one. */
export function reloadToNewVersion(): void {
  if (workerOffer === 'update-waiting' && worker) {
    workerOffer = 'updating';
    notify();
    worker.applyUpdate();
  } else tab.reload();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the server has moved on to another build than this tab's. */
export function useIsNewVersion(): boolean {
  return useSyncExternalStore(subscribe, () => isNewVersion);
}

function useOffer(): Offer {
  return useSyncExternalStore(subscribe, currentOffer);
}

/**
 * A bar at the foot of the screen once a new version is out, with a Reload button: "A new
 * version…" without a service worker, "Update available" with one.
 */
export function NewVersionBar() {
  const offer = useOffer();
  useEffect(() => {
    const check = (): void => {
      if (document.visibilityState === 'visible') void checkForNewVersion();
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    const timer = setInterval(check, CHECK_EVERY_MS);
    return () => {
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
      clearInterval(timer);
    };
  }, []);
  if (offer === 'none') return null;
  const words = offer === 'updating' ? updateCopy.updating : updateCopy.available;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-[60] mx-auto flex max-w-lg items-center gap-3 rounded-2xl bg-slate-900 px-4 py-3 text-sm text-white shadow-2xl dark:bg-white dark:text-slate-900"
    >
      <RefreshCw
        aria-hidden
        className={cx('size-4 shrink-0', offer === 'updating' && 'motion-safe:animate-spin')}
      />
      {offer === 'new-build' ? (
        <span className="flex-1">{copy.newVersion}</span>
      ) : (
        <span className="flex-1">
          <strong className="block font-semibold">{words.title}</strong>
          <span className="block">{words.text}</span>
        </span>
      )}
      {offer !== 'updating' && (
        <Button variant="secondary" onClick={reloadToNewVersion}>
          {copy.reload}
        </Button>
      )}
    </div>
  );
}
