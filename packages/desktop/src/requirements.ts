/**
 * What the shell needs from the system, found once at start: a Chromium-family browser (without
 * it there is no window), and the helpers each optional part needs. A missing helper turns its
 * part off and is named with the Debian package that brings it.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** Browsers that run `--app` windows and speak the DevTools protocol over a pipe, best first. */
const BROWSERS = [
  'chromium',
  'chromium-browser',
  'google-chrome-stable',
  'google-chrome',
  'brave-browser',
  'microsoft-edge-stable',
  'microsoft-edge',
];

export type Requirements = {
  browser: string | null;
  /** python3 with GObject introspection and Ayatana AppIndicator: the tray helper. */
  trayPython: string | null;
  /** Hides and shows the window on X11 (the window stays alive, its state too). */
  xdotool: string | null;
  /** The notification fallback when the D-Bus server cannot be reached from Node. */
  notifySend: string | null;
  xdgOpen: string | null;
  /** One line per missing part: what stops working and the package to install. */
  missing: string[];
};

export function findExecutable(name: string, env: NodeJS.ProcessEnv = process.env): string | null {
  if (name.includes('/')) return isExecutable(name) ? name : null;
  for (const dir of (env.PATH ?? '/usr/bin:/bin').split(':')) {
    if (dir === '') continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function findBrowser(env: NodeJS.ProcessEnv = process.env): string | null {
  const chosen = env.HABITQUEST_BROWSER;
  if (chosen) return findExecutable(chosen, env);
  for (const name of BROWSERS) {
    const found = findExecutable(name, env);
    if (found) return found;
  }
  return null;
}

/** Debian's python3 (not a pyenv or venv one, which has no `gi`) that can load the indicator. */
function findTrayPython(env: NodeJS.ProcessEnv): string | null {
  for (const candidate of ['/usr/bin/python3', findExecutable('python3', env)]) {
    if (!candidate || !isExecutable(candidate)) continue;
    const probe = spawnSync(
      candidate,
      [
        '-c',
        "import gi; gi.require_version('Gtk', '3.0'); gi.require_version('AyatanaAppIndicator3', '0.1'); from gi.repository import Gtk, AyatanaAppIndicator3",
      ],
      { stdio: 'ignore', timeout: 10_000, env: { ...env, DISPLAY: '' } },
    );
    if (probe.status === 0) return candidate;
  }
  return null;
}

export function checkRequirements(env: NodeJS.ProcessEnv = process.env): Requirements {
  const browser = findBrowser(env);
  const trayPython = findTrayPython(env);
  const xdotool = findExecutable('xdotool', env);
  const notifySend = findExecutable('notify-send', env);
  const xdgOpen = findExecutable('xdg-open', env);
  const missing: string[] = [];
  if (!trayPython) {
    missing.push(
      'the tray icon: apt-get install python3-gi gir1.2-ayatanaappindicator3-0.1 (hiding minimises instead)',
    );
  }
  if (!xdotool && env.DISPLAY) {
    missing.push('hiding the window to the tray on X11: apt-get install xdotool (it minimises)');
  }
  if (!notifySend) {
    missing.push('the notification fallback: apt-get install libnotify-bin');
  }
  if (!xdgOpen) {
    missing.push('opening outside links in your browser: apt-get install xdg-utils');
  }
  return { browser, trayPython, xdotool, notifySend, xdgOpen, missing };
}
