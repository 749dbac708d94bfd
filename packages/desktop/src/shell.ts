/**
 * The running shell (docs/desktop.md): the server (or a given URL), the window, the bridge, the
 * tray, notifications and the reminders' background round, and the one way out that ends them
 * all.
 */
import type net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { routes } from '@habitquest/contracts/routes';
import type { Page } from 'puppeteer-core';
import { openAppWindow, type AppWindow } from './app-window';
import { installBridge } from './bridge';
import { desktopCopy as copy } from './copy';
import { lockNavigation } from './navigation-lock';
import { createNotifier, type NotificationEvent, type Notifier } from './notifications';
import type { ShellOptions } from './options';
import { runReminderRound, type DeviceState } from './reminder-round';
import type { Requirements } from './requirements';
import { startEmbeddedServer, type EmbeddedServer } from './server-process';
import { createAppSession, type AppSession } from './app-session';
import { sessionApi, SignedOutError, type SessionApi } from './session-api';
import { connectSessionBus, type SessionBus } from './session-bus';
import type { ControlRequest } from './single-instance';
import { startTray, type Tray } from './tray';

export const ICON_PATH = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../assets/habitquest.png',
);
/** Planned again at least this often, whatever the planner said (a sleeping laptop, a clock). */
const REPLAN_MS = 15 * 60_000;
/** How long the tray notice stays on screen (the spec's 3 s). */
const TRAY_NOTICE_MS = 3_000;
/** The web app keeps this device's reminder state here (web/src/features/reminders/device-state.ts). */
const DEVICE_STATE_KEY = 'habitquest-reminders';
const VERSION = '0.1.0';

export type Shell = {
  control: (request: ControlRequest) => Promise<unknown>;
  exit: () => Promise<void>;
  done: Promise<void>;
};

export async function startShell(options: {
  shellOptions: ShellOptions;
  requirements: Requirements & { browser: string };
  env: NodeJS.ProcessEnv;
  control: () => net.Server | null;
}): Promise<Shell> {
  const { shellOptions, requirements, env } = options;
  let server: EmbeddedServer | null = null;
  let appWindow: AppWindow | null = null;
  let tray: Tray | null = null;
  let bus: SessionBus | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isExiting = false;
  let resolveDone: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });

  const exit = async (): Promise<void> => {
    if (isExiting) {
      await done;
      return;
    }
    isExiting = true;
    clearTimeout(timer);
    tray?.stop();
    await appWindow?.close();
    await server?.stop();
    bus?.close();
    options.control()?.close();
    resolveDone();
  };

  let origin = shellOptions.url ?? '';
  try {
    if (shellOptions.url === null) {
      server = await startEmbeddedServer({
        entry: shellOptions.serverEntry,
        port: shellOptions.port,
        dataDir: shellOptions.dataDir,
      });
    }
    origin = server?.origin ?? origin;
    bus = await connectSessionBus(env);
    appWindow = await openAppWindow({
      executablePath: requirements.browser,
      url: `${origin}/`,
      dataDir: shellOptions.dataDir,
      extraFlags: shellOptions.browserFlags,
      xdotool: requirements.xdotool,
      env,
    });
  } catch (error) {
    await exit();
    throw error;
  }
  const win = appWindow;
  const page: Page = win.page;
  const api: SessionApi = sessionApi(win.browser, origin);
  const session: AppSession = createAppSession();
  let snoozedUntil: number | null = null;
  let isHidden = false;
  /** Whether this run has said that the app goes on in the tray (hide, below). */
  let hasToldTray = false;

  // ------------------------------------------------------------ reminders in the background
  let round: Promise<void> = Promise.resolve();
  const planSoon = (delayMs = 0): void => {
    clearTimeout(timer);
    if (isExiting) return;
    timer = setTimeout(() => {
      round = round.then(runRound, runRound);
    }, delayMs);
  };
  const runRound = async (): Promise<void> => {
    if (isExiting) return;
    let wakeAt: Date | null = null;
    try {
      const device = await readDeviceState(page);
      if (snoozedUntil !== null && (device.snoozedUntil ?? 0) < snoozedUntil) {
        device.snoozedUntil = snoozedUntil;
      }
      const result = await runReminderRound({
        api,
        permission: notifier.permission(),
        device,
        session: session.inputs(),
        notify: notifier.send,
        now: new Date(),
      });
      wakeAt = result.nextWakeAt;
      tray?.update({
        due: result.dueToday === 0 ? copy.tray.dueNone : copy.tray.due(result.dueToday),
      });
    } catch (error) {
      if (error instanceof SignedOutError) tray?.update({ due: copy.tray.dueUnknown });
    }
    const delay = wakeAt === null ? REPLAN_MS : Math.max(1_000, wakeAt.getTime() - Date.now());
    planSoon(Math.min(delay, REPLAN_MS));
  };

  // ------------------------------------------------------------ showing and hiding
  const hide = async (): Promise<void> => {
    const hasHost = tray ? await tray.hasHost() : false;
    const how = await win.hide(hasHost);
    if (how === 'hidden') {
      isHidden = true;
      session.end();
      tray?.update({ isVisible: false });
      await bridge.tell({ type: 'hidden' });
      // The first time in a run, a word that the app has not quit; not each time after.
      if (!hasToldTray) {
        hasToldTray = true;
        await notifier.send({ ...copy.trayNotice, isSilent: true, showForMs: TRAY_NOTICE_MS });
      }
    }
  };
  const show = async (): Promise<void> => {
    await win.show();
    tray?.update({ isVisible: true });
    if (isHidden) {
      isHidden = false;
      // Shown again from the tray: a new session of use, which may bring its startup reminder.
      session.note('focus');
      planSoon();
      await bridge.tell({ type: 'shown' });
    }
  };

  // ------------------------------------------------------------ notifications
  const onNotification = (event: NotificationEvent): void => {
    void (async () => {
      if (event.action === 'complete') {
        await api(routes.setCompletion, {
          params: { id: event.habitId, date: event.date },
          body: { completed: true },
        });
        planSoon();
      } else if (event.action === 'snooze') {
        // The web app keeps the snooze in this device's state; the shell holds it meanwhile.
        snoozedUntil = Date.now() + 60 * 60_000;
        await bridge.tell({ type: 'snooze' });
        planSoon();
      } else {
        await show();
        if (event.habitId !== null) await focusHabit(page, event.habitId);
      }
    })().catch(() => undefined);
  };
  const notifier: Notifier = await createNotifier({
    bus,
    notifySend: requirements.notifySend,
    iconPath: ICON_PATH,
    onEvent: onNotification,
  });

  // ------------------------------------------------------------ the bridge and the lock
  const bridge = await installBridge({
    page,
    origin,
    global: {
      version: VERSION,
      notificationPermission: notifier.permission(),
      hasTray: requirements.trayPython !== null,
    },
    handlers: {
      notification_supported: () => notifier.kind() !== 'none',
      notification_permission: () => notifier.permission(),
      send_notification: (notification) => notifier.send(notification),
      record_app_activity: ({ kind }) => {
        const before = session.inputs().sessionStartedAt;
        session.note(kind);
        // A new session of use may bring its startup reminder.
        if (session.inputs().sessionStartedAt !== before) planSoon();
        return null;
      },
      is_background_service_running: () => !isExiting,
      init_notifications: () => {
        planSoon();
        return notifier.permission();
      },
      send_test_notification: ({ title, body }) => notifier.send({ title, body, tag: 'test' }),
      update_notification_config: () => {
        planSoon();
        return null;
      },
      record_habit_completion_backend: () => {
        planSoon(500);
        return null;
      },
      exit_app_completely: () => {
        setImmediate(() => void exit());
        return null;
      },
      minimize_to_tray: () => {
        void hide();
        return null;
      },
    },
  });
  await lockNavigation({
    browser: win.browser,
    page,
    origin,
    xdgOpen: requirements.xdgOpen,
    env,
  });
  // The bridge is installed for the next document: load the app again with it in place.
  await page.goto(`${origin}/`, { waitUntil: 'domcontentloaded' }).catch(() => undefined);

  if (requirements.trayPython) {
    tray = await startTray({
      python: requirements.trayPython,
      iconPath: ICON_PATH,
      bus,
      env,
      onToggle: () => void (isHidden ? show() : hide()),
      onExit: () => void exit(),
    });
  }
  // The user closed the window: that is Exit (Hide to Tray keeps the app running).
  win.browser.on('disconnected', () => void exit());
  if (shellOptions.isHidden) await hide();
  planSoon(2_000);

  const control = async (request: ControlRequest): Promise<unknown> => {
    switch (request.command) {
      case 'focus':
      case 'show':
        await show();
        return { visible: true };
      case 'hide':
        await hide();
        return { visible: !isHidden };
      case 'exit':
        setImmediate(() => void exit());
        return null;
      case 'status':
        return {
          origin,
          visible: !isHidden,
          url: page.url(),
          notifications: notifier.kind(),
          pids: {
            shell: process.pid,
            browser: win.pid,
            server: server?.child.pid ?? null,
            tray: tray?.child.pid ?? null,
          },
        };
      case 'evaluate':
        if (!shellOptions.hasTestHooks || request.script === undefined) break;
        return await page.evaluate(request.script);
      case 'tray-menu':
      case 'tray-menu-close':
        if (!shellOptions.hasTestHooks || !tray) break;
        tray.popup(request.command === 'tray-menu');
        return null;
      case 'screenshot':
        if (!shellOptions.hasTestHooks) break;
        return Buffer.from(await page.screenshot({ type: 'png' })).toString('base64');
      default:
        break;
    }
    throw new Error(`unknown command ${request.command}`);
  };

  return { control, exit, done };
}

async function readDeviceState(page: Page): Promise<DeviceState> {
  const empty: DeviceState = {
    isPaused: false,
    snoozedUntil: null,
    lastAppOpen: null,
    dailySessions: {},
  };
  const stored = await page
    .evaluate((key: string) => window.localStorage.getItem(key), DEVICE_STATE_KEY)
    .catch(() => null);
  if (stored === null) return empty;
  try {
    return { ...empty, ...(JSON.parse(stored) as Partial<DeviceState>) };
  } catch {
    return empty;
  }
}

/** As the service worker does for a clicked reminder (web/src/features/reminders/focus-habit.ts). */
async function focusHabit(page: Page, habitId: string): Promise<void> {
  await page
    .evaluate((id: string) => {
      navigator.serviceWorker.dispatchEvent(
        new MessageEvent('message', { data: { type: 'focus-habit', habitId: id } }),
      );
    }, habitId)
    .catch(() => undefined);
}
