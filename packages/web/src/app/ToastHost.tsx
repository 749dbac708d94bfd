import { useSyncExternalStore } from 'react';
import { loadedSonner, subscribeToasts } from '../lib/toast';

/**
 * sonner's Toaster, drawn once sonner is loaded (lib/toast.ts: on the first toast, or when the
 * page is idle after its load). Bottom right on wide screens, across the bottom on phones
 * (sonner's own narrow layout): never over the header, the username or the page's titles.
 */
export function ToastHost() {
  const sonner = useSyncExternalStore(subscribeToasts, loadedSonner);
  return sonner ? <sonner.Toaster closeButton position="bottom-right" /> : null;
}
