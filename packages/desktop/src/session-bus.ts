/**
 * The user's D-Bus session bus (dbus-next), spoken to with plain method calls and match rules:
 * no introspection round trip, so it works with every notification server, however minimal.
 */
import dbus from 'dbus-next';

export type SessionBus = {
  call: (options: {
    destination: string;
    path: string;
    interface: string;
    member: string;
    signature?: string;
    body?: unknown[];
  }) => Promise<unknown[]>;
  hasOwner: (name: string) => Promise<boolean>;
  onSignal: (
    match: { interface: string; member: string },
    listener: (body: unknown[]) => void,
  ) => Promise<void>;
  close: () => void;
};

/** The session bus, or null when there is none (no DBUS_SESSION_BUS_ADDRESS, or it refuses). */
export async function connectSessionBus(
  env: NodeJS.ProcessEnv = process.env,
): Promise<SessionBus | null> {
  const address = env.DBUS_SESSION_BUS_ADDRESS;
  if (!address) return null;
  let bus: dbus.MessageBus;
  try {
    bus = dbus.sessionBus({ busAddress: address });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error('the session bus did not answer'));
      }, 5_000);
      bus.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      bus.once('error', (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  } catch {
    return null;
  }
  // A bus that goes away later must not crash the shell: calls fail and are handled there.
  bus.on('error', () => undefined);
  const call: SessionBus['call'] = async (options) => {
    const reply = await bus.call(new dbus.Message({ ...options, body: options.body ?? [] }));
    return (reply?.body ?? []) as unknown[];
  };
  return {
    call,
    hasOwner: async (name) => {
      const [answer] = await call({
        destination: 'org.freedesktop.DBus',
        path: '/org/freedesktop/DBus',
        interface: 'org.freedesktop.DBus',
        member: 'NameHasOwner',
        signature: 's',
        body: [name],
      }).catch(() => [false]);
      return answer === true;
    },
    onSignal: async (match, listener) => {
      await call({
        destination: 'org.freedesktop.DBus',
        path: '/org/freedesktop/DBus',
        interface: 'org.freedesktop.DBus',
        member: 'AddMatch',
        signature: 's',
        body: [`type='signal',interface='${match.interface}',member='${match.member}'`],
      });
      bus.on('message', (message: dbus.Message) => {
        if (message.interface === match.interface && message.member === match.member) {
          listener(message.body as unknown[]);
        }
      });
    },
    close: () => {
      bus.disconnect();
    },
  };
}
