/**
 * The desktop shell's bridge (docs/desktop.md): the commands the web app may send to the shell
 * when it runs inside it (docs/desktop.md, "The bridge"), and what the shell tells the page.
 *
 * The shell hands the page a token at launch (`window.__habitquestDesktop`); every command carries
 * it, so only the app's own page, and none that a link might open in the same window, reaches the
 * shell. The page swallows every error a command raises (docs/desktop.md).
 *
 * No zod here, so the web app's first download can import it; the shell validates the arguments
 * with desktop-bridge-schemas.ts.
 */
import type { ReminderSettings } from './settings';

/** The global the shell installs in the page before any of its scripts run. */
export const DESKTOP_GLOBAL = '__habitquestDesktop';
/** The function the shell exposes to the page; the page calls it through the bridge only. */
export const DESKTOP_BINDING = '__habitquestDesktopCall';
/** The window event by which the shell tells the page something (detail: ShellEvent). */
export const DESKTOP_EVENT = 'habitquest:desktop';

export type NotificationAction = 'complete' | 'snooze';

export type DesktopNotification = {
  title: string;
  body: string;
  /** A newer notification of the same tag replaces an older one still on screen. */
  tag?: string | undefined;
  /** The habit 'Mark complete' completes, and the local date it completes it for. */
  habitId?: string | undefined;
  date?: string | undefined;
  isPersistent?: boolean | undefined;
  isSilent?: boolean | undefined;
  /** Milliseconds on screen when not persistent; a reminder's 8 s unless given. */
  showForMs?: number | undefined;
};

type None = Record<string, never>;

/** Every command (docs/desktop.md lists them) with its arguments. */
export type DesktopCommandArgs = {
  notification_supported: None;
  notification_permission: None;
  send_notification: DesktopNotification;
  record_app_activity: { kind: 'interaction' | 'open' | 'focus' };
  is_background_service_running: None;
  init_notifications: None;
  send_test_notification: { title: string; body: string };
  update_notification_config: { config: ReminderSettings };
  record_habit_completion_backend: { habitId: string };
  exit_app_completely: None;
  minimize_to_tray: None;
};

export type DesktopCommand = keyof DesktopCommandArgs;
export type DesktopArgs<C extends DesktopCommand> = DesktopCommandArgs[C];

/** What the notification server allows: 'denied' when the session has none. */
export type DesktopPermission = 'granted' | 'denied';

/** What each command answers. */
export type DesktopResults = {
  notification_supported: boolean;
  notification_permission: DesktopPermission;
  send_notification: boolean;
  record_app_activity: null;
  is_background_service_running: boolean;
  init_notifications: DesktopPermission;
  send_test_notification: boolean;
  update_notification_config: null;
  record_habit_completion_backend: null;
  exit_app_completely: null;
  minimize_to_tray: null;
};

/** What the shell puts in the page at launch. */
export type DesktopGlobal = {
  token: string;
  version: string;
  /** Known at launch, so the page can answer permission questions synchronously. */
  notificationPermission: DesktopPermission;
  /** Whether hiding goes to a tray icon (false: the window is minimised instead). */
  hasTray: boolean;
};

/** The page's side of the binding: one JSON string in, one JSON string out. */
export type DesktopRequest = { token: string; command: DesktopCommand; args: unknown };
export type DesktopReply = { ok: true; result: unknown } | { ok: false; error: string };

/**
 * What the shell tells the page: hidden to the tray (stop the music, pause timers), shown again
 * (resume them), or 'Snooze' pressed on a notification (this device's reminders snooze).
 */
export type ShellEvent = { type: 'hidden' } | { type: 'shown' } | { type: 'snooze' };
