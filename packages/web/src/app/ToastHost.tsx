import { useEffect, useSyncExternalStore } from 'react';
import { isDarkNow, subscribeDark } from '../features/settings/theme';
import { loadedSonner, loadToasts, subscribeToasts } from '../lib/toast';

/**
 * sonner's Toaster, drawn once sonner is loaded. Its chunk is asked for once the app's first
 * screen has painted (this effect): not in the way of that paint, and not as late as an idle
 * moment, since a network lost in the first seconds would then leave the offline toasts ("Too
 * many changes are waiting…") without it (lib/toast.ts). Bottom right on wide screens, across
 * the bottom on phones (sonner's own narrow layout): never over the header, the username or the
 * page's titles. In the page's theme: sonner draws its own colours, light unless told.
 */
export function ToastHost() {
  const sonner = useSyncExternalStore(subscribeToasts, loadedSonner);
  const isDark = useSyncExternalStore(subscribeDark, isDarkNow);
  useEffect(() => {
    loadToasts().catch(() => undefined); // the next toast, or the server back, tries again
  }, []);
  return sonner ? (
    <sonner.Toaster closeButton position="bottom-right" theme={isDark ? 'dark' : 'light'} />
  ) : null;
}
