/**
 * The page's part of the desktop shell (shell-listeners.ts), loaded only inside the shell, so a
 * browser's first download carries none of it.
 */
import { useEffect } from 'react';
import { isInDesktopShell } from './desktop-shell';

export function useDesktopShell(): void {
  useEffect(() => {
    if (!isInDesktopShell()) return;
    let stop: (() => void) | null = null;
    let isCancelled = false;
    void import('./shell-listeners')
      .then(({ listenToShell }) => {
        if (!isCancelled) stop = listenToShell();
      })
      .catch(() => undefined);
    return () => {
      isCancelled = true;
      stop?.();
    };
  }, []);
}
