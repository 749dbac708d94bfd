/**
 * A desktop session of the shell's own, for its tests: an X server (Xvfb, on a display it picks
 * itself), a private D-Bus session bus, and on that bus a notification server and a
 * StatusNotifierWatcher that record what the shell does. Every test file gets its own, so runs in
 * parallel never meet.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import dbus from 'dbus-next';

export type ShownNotification = {
  id: number;
  appName: string;
  summary: string;
  body: string;
  actions: string[];
  /** Milliseconds on screen the shell asked for; 0 until dismissed, -1 the server's default. */
  expireTimeout: number;
};

export type DesktopSession = {
  display: string;
  busAddress: string;
  bus: dbus.MessageBus;
  notifications: ShownNotification[];
  /** The items registered with the watcher: their bus names and object paths. */
  trayItems: { sender: string; path: string }[];
  invokeAction: (id: number, action: string) => void;
  stop: () => Promise<void>;
};

const NOTIFICATIONS = 'org.freedesktop.Notifications';
const WATCHER = 'org.kde.StatusNotifierWatcher';

/** `hasTrayHost: false`: a desktop without a StatusNotifierWatcher (GNOME without its extension). */
export async function startDesktopSession(
  options: { hasTrayHost?: boolean } = {},
): Promise<DesktopSession> {
  const children: ChildProcess[] = [];
  const xvfb = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', '1280x900x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    },
  );
  children.push(xvfb);
  const display = `:${await firstLine(xvfb, 3)}`;
  const daemon = spawn('dbus-daemon', ['--session', '--nofork', '--print-address=1'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  children.push(daemon);
  const busAddress = await firstLine(daemon, 1);
  const bus = dbus.sessionBus({ busAddress });

  const notifications: ShownNotification[] = [];
  const trayItems: { sender: string; path: string }[] = [];
  let nextId = 1;
  bus.addMethodHandler((message: dbus.Message) => {
    const reply = (signature: string, body: unknown[]): boolean => {
      bus.send(dbus.Message.newMethodReturn(message, signature, body));
      return true;
    };
    if (message.interface === NOTIFICATIONS) {
      switch (message.member) {
        case 'GetCapabilities':
          return reply('as', [['actions', 'body', 'icon-static']]);
        case 'GetServerInformation':
          return reply('ssss', ['test-server', 'habitquest', '1.0', '1.2']);
        case 'Notify': {
          const [appName, replaces, , summary, body, actions, , expireTimeout] = message.body as [
            string,
            number,
            string,
            string,
            string,
            string[],
            unknown,
            number,
          ];
          const id = replaces === 0 ? nextId++ : replaces;
          notifications.push({ id, appName, summary, body, actions, expireTimeout });
          return reply('u', [id]);
        }
        case 'CloseNotification':
          return reply('', []);
        default:
          return false;
      }
    }
    if (message.interface === WATCHER && message.member === 'RegisterStatusNotifierItem') {
      const [service] = message.body as [string];
      trayItems.push(
        service.startsWith('/')
          ? { sender: message.sender, path: service }
          : { sender: service, path: '/StatusNotifierItem' },
      );
      return reply('', []);
    }
    if (message.interface === WATCHER && message.member === 'RegisterStatusNotifierHost') {
      return reply('', []);
    }
    if (
      message.interface === 'org.freedesktop.DBus.Properties' &&
      message.path === '/StatusNotifierWatcher'
    ) {
      const properties: Record<string, dbus.Variant> = {
        IsStatusNotifierHostRegistered: new dbus.Variant('b', true),
        ProtocolVersion: new dbus.Variant('i', 0),
        RegisteredStatusNotifierItems: new dbus.Variant(
          'as',
          trayItems.map((item) => item.sender),
        ),
      };
      if (message.member === 'Get') {
        const [, name] = message.body as [string, string];
        const value = properties[name];
        if (value) return reply('v', [value]);
      }
      if (message.member === 'GetAll') return reply('a{sv}', [properties]);
    }
    return false;
  });
  await new Promise<void>((resolve) =>
    bus.once('connect', () => {
      resolve();
    }),
  );
  await bus.requestName(NOTIFICATIONS, dbus.NameFlag.DO_NOT_QUEUE);
  if (options.hasTrayHost !== false) await bus.requestName(WATCHER, dbus.NameFlag.DO_NOT_QUEUE);

  return {
    display,
    busAddress,
    bus,
    notifications,
    trayItems,
    invokeAction: (id, action) => {
      bus.send(
        dbus.Message.newSignal(
          '/org/freedesktop/Notifications',
          NOTIFICATIONS,
          'ActionInvoked',
          'us',
          [id, action],
        ),
      );
    },
    stop: async () => {
      bus.disconnect();
      for (const child of children.reverse()) child.kill();
      await Promise.all(
        children.map(
          (child) =>
            new Promise((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) resolve(null);
              else child.once('exit', resolve);
            }),
        ),
      );
    },
  };
}

async function firstLine(child: ChildProcess, fd: number): Promise<string> {
  const stream = child.stdio[fd];
  if (!stream || !('on' in stream)) throw new Error(`no fd ${String(fd)}`);
  return await new Promise((resolve, reject) => {
    const lines = createInterface({ input: stream as NodeJS.ReadableStream });
    lines.once('line', (line) => {
      lines.close();
      resolve(line.trim());
    });
    child.once('exit', (code) => {
      reject(new Error(`${child.spawnfile} exited (${String(code)})`));
    });
  });
}

/** Calls a method on the bus and answers the reply's body. */
export async function callBus(
  bus: dbus.MessageBus,
  options: {
    destination: string;
    path: string;
    interface: string;
    member: string;
    signature?: string;
    body?: unknown[];
  },
): Promise<unknown[]> {
  const reply = await bus.call(new dbus.Message({ ...options, body: options.body ?? [] }));
  return (reply?.body ?? []) as unknown[];
}

type MenuNode = [number, Record<string, dbus.Variant>, dbus.Variant[]];

/** The tray item's menu (com.canonical.dbusmenu): each entry's id and label. */
export async function trayMenu(session: DesktopSession): Promise<{
  sender: string;
  menuPath: string;
  items: { id: number; label: string; enabled: boolean }[];
}> {
  const item = session.trayItems.at(-1);
  if (!item) throw new Error('no tray item registered');
  const [menu] = (await callBus(session.bus, {
    destination: item.sender,
    path: item.path,
    interface: 'org.freedesktop.DBus.Properties',
    member: 'Get',
    signature: 'ss',
    body: ['org.kde.StatusNotifierItem', 'Menu'],
  })) as [dbus.Variant<string>];
  const menuPath = menu.value;
  const [, layout] = (await callBus(session.bus, {
    destination: item.sender,
    path: menuPath,
    interface: 'com.canonical.dbusmenu',
    member: 'GetLayout',
    signature: 'iias',
    body: [0, -1, []],
  })) as [number, MenuNode];
  const items = layout[2].map((child) => {
    const [id, properties] = child.value as MenuNode;
    return {
      id,
      label: String(properties.label?.value ?? ''),
      enabled: properties.enabled?.value !== false,
    };
  });
  return { sender: item.sender, menuPath, items };
}

export async function clickTrayItem(session: DesktopSession, label: string): Promise<void> {
  const menu = await trayMenu(session);
  const entry = menu.items.find((item) => item.label === label);
  if (!entry) throw new Error(`no "${label}" in ${JSON.stringify(menu.items)}`);
  await callBus(session.bus, {
    destination: menu.sender,
    path: menu.menuPath,
    interface: 'com.canonical.dbusmenu',
    member: 'Event',
    signature: 'isvu',
    body: [entry.id, 'clicked', new dbus.Variant('s', ''), 0],
  });
}
