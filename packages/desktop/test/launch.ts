/**
 * Starting the shell as a user does (`node … main.ts`), in a desktop session of a test's own:
 * a data directory, a port, the user's default browser replaced by a script that notes what it
 * was asked to open, and the flags this machine's Chromium needs.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sendControl } from '../src/single-instance';
import type { DesktopSession } from './session';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export const SYSTEM_PROGRAMS = ['Xvfb', 'dbus-daemon', 'xdotool'];

export function hasDesktopSystem(): boolean {
  const dirs = (process.env.PATH ?? '').split(':');
  return (
    existsSync('/usr/bin/chromium') &&
    SYSTEM_PROGRAMS.every((name) => dirs.some((dir) => existsSync(path.join(dir, name))))
  );
}

export const MISSING_SYSTEM =
  'The desktop tests need Xvfb, dbus-daemon, xdotool and chromium: npm test installs them (apt-get install xvfb dbus xdotool chromium python3-gi gir1.2-ayatanaappindicator3-0.1 libnotify-bin)';

async function freePort(): Promise<number> {
  return await new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

export type ShellUnderTest = {
  dir: string;
  dataDir: string;
  /** Starts (another) shell on the same data directory and port. */
  launch: () => ChildProcess;
  control: (command: string, script?: string) => Promise<unknown>;
  evaluate: <T>(script: string) => Promise<T>;
  /** What the shell asked the default browser to open, one per line. */
  opened: () => string;
};

export async function prepareShell(session: DesktopSession): Promise<ShellUnderTest> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hq-desktop-'));
  const dataDir = path.join(dir, 'data');
  mkdirSync(path.join(dir, 'bin'));
  writeFileSync(path.join(dir, 'bin/xdg-open'), `#!/bin/sh\necho "$1" >> '${dir}/opened.txt'\n`, {
    mode: 0o755,
  });
  const port = String(await freePort());
  const env: NodeJS.ProcessEnv = {
    PATH: `${path.join(dir, 'bin')}:${process.env.PATH ?? ''}`,
    HOME: dir,
    DISPLAY: session.display,
    DBUS_SESSION_BUS_ADDRESS: session.busAddress,
    HABITQUEST_SERVER_ENTRY: 'packages/server/src/main.ts',
    HABITQUEST_BROWSER_FLAGS:
      '--disable-gpu --disable-background-networking --disable-component-update --disable-sync --autoplay-policy=no-user-gesture-required',
    HABITQUEST_DESKTOP_TEST_HOOKS: '1',
  };
  const control = (command: string, script?: string): Promise<unknown> =>
    sendControl(path.join(dataDir, 'control.sock'), { command, ...(script ? { script } : {}) });
  return {
    dir,
    dataDir,
    launch: () =>
      spawn(
        process.execPath,
        ['--import', 'tsx', 'packages/desktop/src/main.ts', '--data-dir', dataDir, '--port', port],
        { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] },
      ),
    control,
    evaluate: async <T>(script: string): Promise<T> => (await control('evaluate', script)) as T,
    opened: () => {
      const file = path.join(dir, 'opened.txt');
      return existsSync(file) ? readFileSync(file, 'utf8') : '';
    },
  };
}

export async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  ms = 20_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await Promise.resolve()
      .then(probe)
      .catch(() => null);
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const run = promisify(execFile);

/** The shell's windows on the X server that are shown (mapped). */
export async function shownWindows(display: string): Promise<string[]> {
  const { stdout } = await run('xdotool', ['search', '--onlyvisible', '--class', 'HabitQuest'], {
    env: { ...process.env, DISPLAY: display },
  }).catch(() => ({ stdout: '' }));
  return stdout.split('\n').filter(Boolean);
}

/** The whole X screen as a PNG file, through GDK (python3-gi, which the tray needs anyway). */
export async function screenshotScreen(display: string, file: string): Promise<void> {
  await run(
    '/usr/bin/python3',
    [
      '-c',
      [
        'import sys, gi',
        "gi.require_version('Gdk', '3.0')",
        'from gi.repository import Gdk',
        'root = Gdk.get_default_root_window()',
        'shot = Gdk.pixbuf_get_from_window(root, 0, 0, root.get_width(), root.get_height())',
        "shot.savev(sys.argv[1], 'png', [], [])",
      ].join('\n'),
      file,
    ],
    { env: { ...process.env, DISPLAY: display } },
  );
}

/** Ends what a test file started, in reverse; each is unset when a step before it failed. */
export async function stopShell(started: {
  shell?: ChildProcess;
  session?: DesktopSession;
  under?: ShellUnderTest;
}): Promise<void> {
  if (started.shell?.exitCode === null) started.shell.kill('SIGKILL');
  await started.session?.stop();
  // The browser of a shell killed mid-test may still be writing its profile as it goes down.
  if (started.under) {
    rmSync(started.under.dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}
