/**
 * `npm run desktop:install`: a menu entry (freedesktop .desktop file) and the icon, for this user,
 * so HabitQuest starts from the desktop's launcher like any application.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ICON_PATH } from './shell';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function desktopEntry(options: { node: string; script: string }): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=HabitQuest',
    'GenericName=Habit Tracker',
    'Comment=Build habits, earn XP and spend points on rewards',
    `Exec="${options.node}" "${options.script}"`,
    'Icon=habitquest',
    'Terminal=false',
    'Categories=Utility;Office;',
    'Keywords=habits;streaks;goals;reminders;',
    // Chromium's --class=HabitQuest: the launcher groups the window under this entry.
    'StartupWMClass=HabitQuest',
    'StartupNotify=true',
    '',
  ].join('\n');
}

/** Writes the entry and the icon under XDG_DATA_HOME; answers where they went. */
export function installDesktopEntry(env: NodeJS.ProcessEnv = process.env): string[] {
  const dataHome = env.XDG_DATA_HOME ?? path.join(env.HOME ?? homedir(), '.local/share');
  const entryFile = path.join(dataHome, 'applications/habitquest.desktop');
  const iconFile = path.join(dataHome, 'icons/hicolor/192x192/apps/habitquest.png');
  mkdirSync(path.dirname(entryFile), { recursive: true });
  mkdirSync(path.dirname(iconFile), { recursive: true });
  writeFileSync(
    entryFile,
    desktopEntry({ node: process.execPath, script: path.join(repoRoot, 'scripts/desktop.mjs') }),
    { mode: 0o755 },
  );
  copyFileSync(ICON_PATH, iconFile);
  return [entryFile, iconFile];
}
