/**
 * Noticing a new deployment. The server names the build it serves (GET /build.json: the entry
 * script of its index.html, whose name carries a content hash); this tab knows the entry script it
 * started from. When they differ, code-split parts of this tab may be gone from the server, so the
 * app offers a reload instead of failing later. Checked when the tab comes back into view, every
 * 15 minutes, and whenever a part fails to load.
 */
import { RefreshCw } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { Button } from '../components/ui/Button';
import { appCopy as copy } from './copy';

const CHECK_EVERY_MS = 15 * 60_000;

/** The build this tab runs: its module entry script, or null in development (no hashed entry). */
export function ownBuild(): string | null {
  const src = document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null;
  return src?.startsWith('/assets/') ? src : null;
}

let isNewVersion = false;
let inFlight: Promise<boolean> | null = null;
const listeners = new Set<() => void>();

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

/** Asks the server which build it serves; resolves true when it is not this tab's. */
export function checkForNewVersion(): Promise<boolean> {
  const own = ownBuild();
  if (!own || isNewVersion) return Promise.resolve(isNewVersion);
  inFlight ??= askServer(own).then((isNew) => {
    inFlight = null;
    if (isNew && !isNewVersion) {
      isNewVersion = true;
      for (const listener of listeners) listener();
    }
    return isNew;
  });
  return inFlight;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the server has moved on to another build than this tab's. */
export function useIsNewVersion(): boolean {
  return useSyncExternalStore(subscribe, () => isNewVersion);
}

/** A bar at the foot of the screen once a new version is out, with a Reload button. */
export function NewVersionBar() {
  const isNew = useIsNewVersion();
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
  if (!isNew) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-[60] mx-auto flex max-w-lg items-center gap-3 rounded-2xl bg-slate-900 px-4 py-3 text-sm text-white shadow-2xl dark:bg-white dark:text-slate-900"
    >
      <RefreshCw aria-hidden className="size-4 shrink-0" />
      <span className="flex-1">{copy.newVersion}</span>
      <Button
        variant="secondary"
        onClick={() => {
          window.location.reload();
        }}
      >
        {copy.reload}
      </Button>
    </div>
  );
}
