/**
 * The desktop shell, when the app runs inside it (docs/desktop.md): its token and what it knew at
 * launch, the commands of docs/desktop.md, "The bridge", sent through its bridge, and the events it tells the page.
 * Every command's error is swallowed (docs/desktop.md): a command that fails answers null.
 */
import type {
  DESKTOP_BINDING,
  DESKTOP_EVENT,
  DESKTOP_GLOBAL,
  DesktopArgs,
  DesktopCommand,
  DesktopGlobal,
  DesktopReply,
  DesktopResults,
  ShellEvent,
} from '@habitquest/contracts/desktop-bridge';

// The names as values without importing the module's values (checked against them by type).
const GLOBAL: typeof DESKTOP_GLOBAL = '__habitquestDesktop';
const BINDING: typeof DESKTOP_BINDING = '__habitquestDesktopCall';
const EVENT: typeof DESKTOP_EVENT = 'habitquest:desktop';

type ShellWindow = Window & {
  [GLOBAL]?: DesktopGlobal;
  [BINDING]?: (request: string) => Promise<string>;
};

/** What the shell put in this page, or null in a plain browser. */
export function desktopShell(): DesktopGlobal | null {
  if (typeof window === 'undefined') return null;
  return (window as ShellWindow)[GLOBAL] ?? null;
}

export function isInDesktopShell(): boolean {
  return desktopShell() !== null;
}

export async function desktopCall<C extends DesktopCommand>(
  command: C,
  args: DesktopArgs<C>,
): Promise<DesktopResults[C] | null> {
  const shell = desktopShell();
  const binding = (window as ShellWindow)[BINDING];
  if (!shell || !binding) return null;
  try {
    const reply = JSON.parse(
      await binding(JSON.stringify({ token: shell.token, command, args })),
    ) as DesktopReply;
    return reply.ok ? (reply.result as DesktopResults[C]) : null;
  } catch {
    return null;
  }
}

export function onShellEvent(listener: (event: ShellEvent) => void): () => void {
  const handle = (event: Event): void => {
    listener((event as CustomEvent<ShellEvent>).detail);
  };
  window.addEventListener(EVENT, handle);
  return () => {
    window.removeEventListener(EVENT, handle);
  };
}
