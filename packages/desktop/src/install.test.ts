import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { desktopEntry, installDesktopEntry } from './install';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('npm run desktop:install', () => {
  it('writes a menu entry that runs this checkout and groups the window under it', () => {
    const entry = desktopEntry({ node: '/usr/bin/node', script: '/opt/hq/scripts/desktop.mjs' });
    expect(entry).toContain('[Desktop Entry]');
    expect(entry).toContain('Exec="/usr/bin/node" "/opt/hq/scripts/desktop.mjs"');
    expect(entry).toContain('Icon=habitquest');
    expect(entry).toContain('StartupWMClass=HabitQuest');
  });

  it('installs the entry and the icon under XDG_DATA_HOME', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'hq-install-'));
    dirs.push(home);
    const [entryFile, iconFile] = installDesktopEntry({ XDG_DATA_HOME: home });
    expect(entryFile).toBe(path.join(home, 'applications/habitquest.desktop'));
    expect(iconFile).toBe(path.join(home, 'icons/hicolor/192x192/apps/habitquest.png'));
    expect(readFileSync(entryFile ?? '', 'utf8')).toContain('scripts/desktop.mjs');
    expect(existsSync(iconFile ?? '')).toBe(true);
  });
});
