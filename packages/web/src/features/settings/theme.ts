/**
 * Applying theme and accent to the page, and mirroring them locally so the next start paints in
 * the right colours before the server answers (boot.js, inline in index.html, reads the same keys).
 */
import type { Accent, Theme } from '@habitquest/contracts/settings';
import { ACCENT_KEY, THEME_KEY } from './local-keys';

export function storedTheme(): Theme {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

/** Stops following the system's colour scheme (set while the theme is 'system'). */
let stopFollowingSystem: (() => void) | null = null;

/**
 * Sets .dark on <html> for the theme. With 'system' the page follows the system's colour scheme
 * while it is open too: switching the phone or desktop to dark at sunset turns the app dark at
 * once, not at the next start.
 */
export function applyTheme(theme: Theme): void {
  stopFollowingSystem?.();
  stopFollowingSystem = null;
  // Older engines (and test DOMs) have no matchMedia: light, then, unless chosen dark.
  const scheme =
    typeof window.matchMedia === 'function'
      ? window.matchMedia('(prefers-color-scheme: dark)')
      : null;
  const paint = (): void => {
    const isDark = theme === 'dark' || (theme === 'system' && scheme?.matches === true);
    document.documentElement.classList.toggle('dark', isDark);
  };
  paint();
  if (theme === 'system' && scheme) {
    scheme.addEventListener('change', paint);
    stopFollowingSystem = () => {
      scheme.removeEventListener('change', paint);
    };
  }
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // storage unavailable: the theme still applies to this page
  }
}

/** Whether the page is drawn dark now (the .dark class applyTheme and boot.js set). */
export function isDarkNow(): boolean {
  return document.documentElement.classList.contains('dark');
}

/**
 * Calls `onChange` whenever the page turns dark or light, for what is drawn outside Tailwind's
 * dark variant (sonner's toasts take a theme of their own). Returns the unsubscribe.
 */
export function subscribeDark(onChange: () => void): () => void {
  let wasDark = isDarkNow();
  const observer = new MutationObserver(() => {
    if (isDarkNow() === wasDark) return;
    wasDark = isDarkNow();
    onChange();
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => {
    observer.disconnect();
  };
}

export function applyAccent(accent: Accent): void {
  document.documentElement.dataset.accent = accent;
  try {
    localStorage.setItem(ACCENT_KEY, accent);
  } catch {
    // storage unavailable
  }
}
