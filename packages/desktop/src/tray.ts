/**
 * The tray icon (StatusNotifierItem), drawn by tray-helper.py through Ayatana AppIndicator:
 * Show/Hide, the habits still due today, Exit. The helper reads the state on its stdin and quits
 * when the shell's end of the pipe closes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { desktopCopy as copy } from './copy';
import type { SessionBus } from './session-bus';

const here = path.dirname(fileURLToPath(import.meta.url));
const WATCHER = 'org.kde.StatusNotifierWatcher';

export type Tray = {
  update: (state: { isVisible?: boolean; due?: string }) => void;
  /** Opens (or closes) the menu on screen: tests only, the helper ignores it without the hooks. */
  popup: (isOpen: boolean) => void;
  /** Whether a tray host shows the icon now (else hiding would lose the window). */
  hasHost: () => Promise<boolean>;
  child: ChildProcess;
  stop: () => void;
};

export async function startTray(options: {
  python: string;
  iconPath: string;
  bus: SessionBus | null;
  env: NodeJS.ProcessEnv;
  onToggle: () => void;
  onExit: () => void;
}): Promise<Tray | null> {
  const labels = {
    show: copy.tray.show,
    hide: copy.tray.hide,
    due: copy.tray.dueUnknown,
    exit: copy.tray.exit,
  };
  const child = spawn(
    options.python,
    [
      path.join(here, 'tray-helper.py'),
      path.dirname(options.iconPath),
      path.basename(options.iconPath, '.png'),
      JSON.stringify(labels),
    ],
    { env: options.env, stdio: ['pipe', 'pipe', 'ignore'] },
  );
  const isReady = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => {
      resolve(false);
    }, 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(false);
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      let event: string | undefined;
      try {
        event = (JSON.parse(line) as { event?: string }).event;
      } catch {
        return;
      }
      if (event === 'ready') {
        clearTimeout(timer);
        resolve(true);
      } else if (event === 'toggle') options.onToggle();
      else if (event === 'exit') options.onExit();
    });
  });
  child.stdin.on('error', () => undefined);
  if (!isReady) {
    child.kill();
    return null;
  }
  return {
    child,
    update: (state) => {
      if (child.exitCode !== null || !child.stdin.writable) return;
      child.stdin.write(
        `${JSON.stringify({
          ...(state.isVisible === undefined ? {} : { visible: state.isVisible }),
          ...(state.due === undefined ? {} : { due: state.due }),
        })}\n`,
      );
    },
    popup: (isOpen) => {
      if (child.exitCode === null && child.stdin.writable) {
        child.stdin.write(`${JSON.stringify({ popup: isOpen })}\n`);
      }
    },
    hasHost: async () => (options.bus ? await options.bus.hasOwner(WATCHER) : false),
    stop: () => {
      child.stdin.end();
      setTimeout(() => child.kill(), 2_000).unref();
    },
  };
}
