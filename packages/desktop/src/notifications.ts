/**
 * Native notifications (docs/desktop.md): org.freedesktop.Notifications on the session bus, with
 * 'Mark complete' and 'Snooze' where the server supports actions (ActionInvoked tells which was
 * pressed); notify-send where the bus cannot be used. A click on the notification itself shows
 * the window.
 */
import { execFile } from 'node:child_process';
import { NOTIFICATION_AUTO_CLOSE_MS } from '@habitquest/core/reminders/notification';
import dbus from 'dbus-next';
import type {
  DesktopNotification,
  DesktopPermission,
  NotificationAction,
} from '@habitquest/contracts/desktop-bridge';
import { desktopCopy as copy } from './copy';
import type { SessionBus } from './session-bus';

const NAME = 'org.freedesktop.Notifications';
const PATH = '/org/freedesktop/Notifications';

/** How long a notification that is not persistent stays on screen. */
function showFor(notification: DesktopNotification): number {
  return notification.showForMs ?? NOTIFICATION_AUTO_CLOSE_MS;
}

export type NotificationEvent =
  | { action: NotificationAction; habitId: string; date: string }
  | { action: 'open'; habitId: string | null };

export type Notifier = {
  permission: () => DesktopPermission;
  /** 'dbus' with actions, 'dbus' without, or the notify-send fallback. */
  kind: () => 'dbus' | 'notify-send' | 'none';
  send: (notification: DesktopNotification) => Promise<boolean>;
};

export async function createNotifier(options: {
  bus: SessionBus | null;
  notifySend: string | null;
  iconPath: string;
  onEvent: (event: NotificationEvent) => void;
}): Promise<Notifier> {
  const { bus } = options;
  let hasActions = false;
  let hasDbus = false;
  if (bus && (await bus.hasOwner(NAME).catch(() => false))) {
    hasDbus = true;
    const [capabilities] = await bus
      .call({ destination: NAME, path: PATH, interface: NAME, member: 'GetCapabilities' })
      .catch(() => [[]]);
    hasActions = Array.isArray(capabilities) && capabilities.includes('actions');
  } else if (bus) {
    // Servers are often started on demand by the bus: the first Notify starts one.
    hasDbus = await bus
      .call({ destination: NAME, path: PATH, interface: NAME, member: 'GetServerInformation' })
      .then(() => true)
      .catch(() => false);
  }
  /** What each shown notification is about, by its id on the server. */
  const shown = new Map<number, { habitId: string | null; date: string | null }>();
  const byTag = new Map<string, number>();
  if (bus && hasDbus) {
    await bus.onSignal({ interface: NAME, member: 'ActionInvoked' }, ([id, key]) => {
      const about = shown.get(Number(id));
      if (!about) return;
      if ((key === 'complete' || key === 'snooze') && about.habitId && about.date) {
        options.onEvent({ action: key, habitId: about.habitId, date: about.date });
      } else {
        options.onEvent({ action: 'open', habitId: about.habitId });
      }
    });
    await bus.onSignal({ interface: NAME, member: 'NotificationClosed' }, ([id]) => {
      shown.delete(Number(id));
    });
  }

  const sendDbus = async (notification: DesktopNotification): Promise<boolean> => {
    if (!bus) return false;
    const isAboutHabit = notification.habitId !== undefined && notification.date !== undefined;
    const actions = hasActions
      ? [
          'default',
          copy.appName,
          ...(isAboutHabit
            ? ['complete', copy.notification.complete, 'snooze', copy.notification.snooze]
            : []),
        ]
      : [];
    const replaces = notification.tag ? (byTag.get(notification.tag) ?? 0) : 0;
    const hints: Record<string, dbus.Variant> = {
      'desktop-entry': new dbus.Variant('s', 'habitquest'),
      urgency: new dbus.Variant('y', notification.isPersistent === true ? 2 : 1),
      'suppress-sound': new dbus.Variant('b', notification.isSilent === true),
    };
    const [id] = await bus.call({
      destination: NAME,
      path: PATH,
      interface: NAME,
      member: 'Notify',
      signature: 'susssasa{sv}i',
      body: [
        copy.appName,
        replaces,
        options.iconPath,
        notification.title,
        notification.body,
        actions,
        hints,
        // Milliseconds on screen; 0: until dismissed.
        notification.isPersistent === true ? 0 : showFor(notification),
      ],
    });
    const notificationId = Number(id);
    shown.set(notificationId, {
      habitId: notification.habitId ?? null,
      date: notification.date ?? null,
    });
    if (notification.tag) byTag.set(notification.tag, notificationId);
    return true;
  };

  const sendFallback = async (notification: DesktopNotification): Promise<boolean> => {
    const program = options.notifySend;
    if (!program) return false;
    return await new Promise((resolve) => {
      execFile(
        program,
        [
          `--app-name=${copy.appName}`,
          `--icon=${options.iconPath}`,
          `--urgency=${notification.isPersistent === true ? 'critical' : 'normal'}`,
          `--expire-time=${String(notification.isPersistent === true ? 0 : showFor(notification))}`,
          notification.title,
          notification.body,
        ],
        { timeout: 10_000 },
        (error) => {
          resolve(error === null);
        },
      );
    });
  };

  const kind = (): 'dbus' | 'notify-send' | 'none' =>
    hasDbus ? 'dbus' : options.notifySend ? 'notify-send' : 'none';
  return {
    kind,
    permission: () => (kind() === 'none' ? 'denied' : 'granted'),
    send: async (notification) => {
      if (hasDbus) {
        const isSent = await sendDbus(notification).catch(() => false);
        if (isSent) return true;
      }
      return await sendFallback(notification);
    },
  };
}
