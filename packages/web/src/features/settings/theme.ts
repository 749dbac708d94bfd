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

export function applyTheme(theme: Theme): void {
  const isDark =
    theme === 'dark' ||
    (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', isDark);
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // storage unavailable: the theme still applies to this page
  }
}

export function applyAccent(accent: Accent): void {
  document.documentElement.dataset.accent = accent;
  try {
    localStorage.setItem(ACCENT_KEY, accent);
  } catch {
    // storage unavailable
  }
}
