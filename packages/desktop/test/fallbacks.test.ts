/**
 * The shell where the desktop lacks something (docs/desktop.md): no tray host (GNOME without its
 * extension), where hiding minimises so the window is never lost; and no browser at all, where
 * it says what to install.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasDesktopSystem,
  MISSING_SYSTEM,
  prepareShell,
  shownWindows,
  stopShell,
  until,
  type ShellUnderTest,
} from './launch';
import { startDesktopSession, type DesktopSession } from './session';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('the desktop shell without a tray host', () => {
  let session: DesktopSession;
  let under: ShellUnderTest;
  let shell: ChildProcess;

  beforeAll(async () => {
    if (!hasDesktopSystem()) throw new Error(MISSING_SYSTEM);
    session = await startDesktopSession({ hasTrayHost: false });
    under = await prepareShell(session);
    shell = under.launch();
    await until('the shell', async () => (await under.control('status')) !== null, 90_000);
  }, 120_000);

  afterAll(async () => {
    // Each is unset when a step before it failed.
    await stopShell({ shell, session, under });
  });

  it('minimises instead of hiding, so the window is never lost', async () => {
    await until('the window', async () => (await shownWindows(session.display)).length === 1);
    const answer = (await under.control('hide')) as { visible: boolean };
    expect(answer.visible).toBe(true);
    // Still on screen (asked again while a loaded machine's xdotool may fail to answer once).
    await until(
      'the window after hide',
      async () => {
        return (await shownWindows(session.display)).length === 1;
      },
      10_000,
    );
    // The page was not told it is hidden: nothing of it was paused.
    expect(await under.evaluate<boolean>('window.__habitquestAudio?.().suspended ?? false')).toBe(
      false,
    );
    await under.control('exit');
    await new Promise((resolve) => shell.once('exit', resolve));
  });
});

describe('the desktop shell without a browser', () => {
  it('says which package to install and stops', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hq-desktop-'));
    try {
      const result = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'packages/desktop/src/main.ts', '--data-dir', path.join(dir, 'data')],
        {
          cwd: repoRoot,
          env: { PATH: process.env.PATH, HOME: dir, HABITQUEST_BROWSER: '/nonexistent/chromium' },
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      expect(result.status).toBe(2);
      expect(result.stderr).toContain('needs a Chromium-family browser');
      expect(result.stderr).toContain('apt-get install chromium');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
