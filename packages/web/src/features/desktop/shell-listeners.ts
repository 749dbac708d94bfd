/**
 * What the page does inside the desktop shell (docs/desktop.md), loaded only there: hidden to the
 * tray stops the music and every sound, shown again resumes them (docs/desktop.md); 'Snooze' on a
 * notification snoozes this device's reminders; the user's activity reaches the shell's reminder
 * round, at most once a minute.
 */
import { audioEngine } from '../audio/engine';
import { snooze } from '../reminders/device-state';
import { desktopCall, onShellEvent } from './desktop-shell';

const ACTIVITY_EVERY_MS = 60_000;
const ACTIVITY = ['pointerdown', 'keydown'] as const;

/** Starts listening; answers how to stop. */
export function listenToShell(): () => void {
  let lastSent = 0;
  const onActivity = (): void => {
    if (Date.now() - lastSent < ACTIVITY_EVERY_MS) return;
    lastSent = Date.now();
    void desktopCall('record_app_activity', { kind: 'interaction' });
  };
  for (const type of ACTIVITY) window.addEventListener(type, onActivity, true);
  void desktopCall('init_notifications', {});
  const off = onShellEvent((event) => {
    if (event.type === 'hidden') audioEngine.setSuspended(true);
    else if (event.type === 'shown') audioEngine.setSuspended(false);
    else snooze();
  });
  return () => {
    off();
    for (const type of ACTIVITY) window.removeEventListener(type, onActivity, true);
  };
}
