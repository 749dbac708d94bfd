/**
 * Minimize to Tray and Exit (docs/desktop.md): inside the desktop shell they hide the window to the
 * tray and end the whole app; in an installed app window Exit closes the window (the browser
 * allows that only there, so a plain tab shows neither).
 */
import { LogOut, PanelBottomClose } from 'lucide-react';
import { Button } from '../../components/ui/Button';
import { desktopCopy as copy } from './copy';
import { desktopCall, desktopShell } from './desktop-shell';

function isInstalledWindow(): boolean {
  // Older engines (and test DOMs) have no matchMedia: a plain tab, then.
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(display-mode: standalone)').matches
    : false;
}

export function DesktopControls() {
  const shell = desktopShell();
  if (!shell && !isInstalledWindow()) return null;
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      {shell ? (
        <Button
          variant="secondary"
          onClick={() => {
            void desktopCall('minimize_to_tray', {});
          }}
        >
          <PanelBottomClose aria-hidden className="size-4" />
          {shell.hasTray ? copy.minimizeToTray : copy.minimize}
        </Button>
      ) : null}
      <Button
        variant="secondary"
        onClick={() => {
          if (shell) void desktopCall('exit_app_completely', {});
          else window.close();
        }}
      >
        <LogOut aria-hidden className="size-4" />
        {copy.exit}
      </Button>
    </div>
  );
}
