/**
 * The app's toasts: sonner's `toast`, with sonner loaded on demand (docs/performance.md, "Toasts
 * on demand"). sonner is about 9 KB of the first download gzip'd, and on import it adds a large
 * stylesheet that every style recalculation then matches; no first screen shows a toast. Its
 * chunk is asked for once the first screen has painted (`loadToasts`, app/ToastHost.tsx), and
 * the toasts asked for before it is in are shown in order once it is. Each toast's id is chosen
 * here, so `loading` can hand one back at once for a later `dismiss`.
 *
 * `ToastHost` (app/ToastHost.tsx) draws sonner's Toaster once it is loaded; sonner shows it the
 * toasts made before it was drawn.
 */
import type { ExternalToast } from 'sonner';
import { importAgain } from './import-again';
import { isReachable, subscribeReachability } from './reachability';
import { createListeners } from './listeners';

type Sonner = typeof import('sonner');
type Show = (toast: Sonner['toast']) => void;
type Message = Parameters<Sonner['toast']['success']>[0];
type ToastId = string | number;

let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
let failures = 0;
/** Toasts and dismissals asked for before sonner was in, oldest first. */
const waiting: Show[] = [];
const listeners = createListeners();
let lastId = 0;

const load = (): Promise<Sonner> => import('sonner');

/**
 * Loads sonner (once; again after a failed download) and shows what waited. Resolves when it is
 * in; a failed download leaves the waiting toasts for the next try, which the next toast starts,
 * or the server answering again.
 */
export function loadToasts(): Promise<void> {
  if (sonner) return Promise.resolve();
  loading ??= (failures === 0 ? load() : importAgain(load, null, failures)).then(
    (module) => {
      sonner = module;
      for (const show of waiting.splice(0)) show(module.toast);
      listeners.emit();
      return module;
    },
    (error: unknown) => {
      failures += 1;
      loading = null;
      retryWhenReachable();
      throw error;
    },
  );
  return loading.then(() => undefined);
}

/** Set while a retry waits for the server: one is enough, however many downloads failed. */
let stopRetry: (() => void) | null = null;

/** After a failed download: tries again once the server answers, for the toasts that wait. */
function retryWhenReachable(): void {
  if (waiting.length === 0 || stopRetry) return;
  stopRetry = subscribeReachability(() => {
    if (!isReachable()) return;
    stopRetry?.();
    stopRetry = null;
    loadToasts().catch(() => undefined);
  });
}

/** sonner once it is loaded, for ToastHost; null before. */
export function loadedSonner(): Sonner | null {
  return sonner;
}

export const subscribeToasts = listeners.subscribe;

function show(run: Show): void {
  if (sonner) {
    run(sonner.toast);
    return;
  }
  waiting.push(run);
  loadToasts().catch(() => undefined); // offline with no worker: tried again when back
}

function kind(type: 'success' | 'error' | 'warning' | 'loading') {
  return (message: Message, options: ExternalToast = {}): ToastId => {
    const id = options.id ?? `toast-${++lastId}`;
    show((toast) => {
      toast[type](message, { ...options, id });
    });
    return id;
  };
}

/** sonner's `toast` as the app uses it (success, error, warning, loading, dismiss). */
export const toast = {
  success: kind('success'),
  error: kind('error'),
  warning: kind('warning'),
  loading: kind('loading'),
  dismiss: (id?: ToastId): void => {
    show((toast) => {
      toast.dismiss(id);
    });
  },
};
