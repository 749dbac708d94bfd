/**
 * The app's window: the installed Chromium-family browser in app mode (no tabs, no address bar),
 * driven through puppeteer-core over a pipe (no debugging port another program could reach, no
 * "controlled by automated software" bar), with a profile of its own in the data directory.
 *
 * Hiding to the tray unmaps the X11 window (xdotool): the page keeps running, so restoring shows
 * it exactly as it was. Where that cannot work (no xdotool, Wayland without XWayland, no tray to
 * restore from) hiding minimises, so the window is never lost.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import puppeteer, { TargetType, type Browser, type CDPSession, type Page } from 'puppeteer-core';

const run = promisify(execFile);

/** Flags of puppeteer's that suit tests, not a window someone lives in. */
const IGNORED_DEFAULTS = [
  '--enable-automation',
  // Let Chromium throttle the page while it is hidden: the shell sends the reminders then.
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
];

export type AppWindow = {
  browser: Browser;
  page: Page;
  /** The browser's process id (and with it every process it started). */
  pid: number;
  isVisible: () => boolean;
  /** Hides to the tray (unmap), or minimises where that is impossible. */
  hide: (canUnmap: boolean) => Promise<'hidden' | 'minimised'>;
  /** Shows, restores and focuses the window. */
  show: () => Promise<void>;
  close: () => Promise<void>;
};

export async function openAppWindow(options: {
  executablePath: string;
  url: string;
  dataDir: string;
  extraFlags: readonly string[];
  xdotool: string | null;
  env: NodeJS.ProcessEnv;
}): Promise<AppWindow> {
  const hasX11 = Boolean(options.env.DISPLAY);
  const args = [
    `--app=${options.url}`,
    '--class=HabitQuest',
    '--no-first-run',
    '--no-default-browser-check',
    '--window-size=1200,840',
    // Unmapping needs an X11 window; under Wayland sessions XWayland provides one.
    ...(hasX11 ? ['--ozone-platform=x11'] : []),
    // Chromium refuses to run its sandbox as root; a desktop user is never root.
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    ...options.extraFlags,
  ];
  const browser = await puppeteer.launch({
    executablePath: options.executablePath,
    headless: false,
    pipe: true,
    defaultViewport: null,
    userDataDir: path.join(options.dataDir, 'browser'),
    ignoreDefaultArgs: IGNORED_DEFAULTS,
    args,
    env: options.env,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const target = await browser.waitForTarget((candidate) => candidate.type() === TargetType.PAGE, {
    timeout: 30_000,
  });
  const page = await target.page();
  if (!page) throw new Error('the browser opened no window');
  const pid = browser.process()?.pid ?? 0;
  const session = await page.createCDPSession();
  let xWindow: string | null = null;
  let visible = true;

  const findXWindow = async (): Promise<string | null> => {
    if (!options.xdotool || !hasX11) return null;
    if (xWindow) return xWindow;
    const { stdout } = await run(
      options.xdotool,
      ['search', '--onlyvisible', '--pid', String(pid)],
      {
        env: options.env,
      },
    ).catch(() => ({ stdout: '' }));
    xWindow = stdout.trim().split('\n').filter(Boolean).at(-1) ?? null;
    return xWindow;
  };

  const xdotool = async (...command: string[]): Promise<boolean> => {
    if (!options.xdotool) return false;
    try {
      await run(options.xdotool, command, { env: options.env });
      return true;
    } catch {
      return false;
    }
  };

  // Hide and show run one after the other: a show asked while an unmap is still under way (a
  // notification clicked just after Hide) must map the window after it, not find it still shown.
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(task: () => Promise<T>): Promise<T> => {
    const turn = queue.then(task, task);
    queue = turn.catch(() => undefined);
    return turn;
  };

  return {
    browser,
    page,
    pid,
    isVisible: () => visible,
    hide: (canUnmap) =>
      inTurn(async () => {
        const id = canUnmap ? await findXWindow() : null;
        if (id && (await xdotool('windowunmap', '--sync', id))) {
          visible = false;
          return 'hidden';
        }
        await setWindowState(session, 'minimized');
        return 'minimised';
      }),
    show: () =>
      inTurn(async () => {
        const id = await findXWindow();
        if (id && !visible) await xdotool('windowmap', '--sync', id);
        visible = true;
        await setWindowState(session, 'normal');
        // A window manager activates on request; without one, raising and focusing does it.
        if (id && !(await xdotool('windowactivate', id))) {
          await xdotool('windowraise', id);
          await xdotool('windowfocus', id);
        }
        await page.bringToFront();
      }),
    close: async () => {
      await browser.close().catch(() => undefined);
    },
  };
}

async function setWindowState(
  session: CDPSession,
  windowState: 'minimized' | 'normal',
): Promise<void> {
  try {
    const { windowId } = await session.send('Browser.getWindowForTarget');
    await session.send('Browser.setWindowBounds', { windowId, bounds: { windowState } });
  } catch {
    // No window manager to ask (a bare X server): the window stays as it is.
  }
}
