/**
 * Tests only: the desktop shell as the page sees it (docs/desktop.md): its description and token
 * on `window`, and the binding that carries each command. `removeShell` takes both away again.
 */
type ShellScope = Record<string, unknown>;
const scope = window as unknown as ShellScope;

export function installShell(binding: (request: string) => Promise<string>): void {
  scope.__habitquestDesktop = {
    token: 'secret',
    version: '0.1.0',
    notificationPermission: 'granted',
    hasTray: true,
  };
  scope.__habitquestDesktopCall = binding;
}

export function removeShell(): void {
  delete scope.__habitquestDesktop;
  delete scope.__habitquestDesktopCall;
}
