/**
 * What the page does inside the desktop shell (docs/desktop.md), loaded only there: hidden to the
 * tray stops the music and every sound, shown again resumes them (docs/desktop.md); 'Snooze' on a
 * notification snoozes this device's reminders; the user's clicks and key presses reach the shell's
 * reminder round at most once a minute, and the window's focus each time, so the shell can follow
 * the session of use (packages/desktop/src/app-session.ts).
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
  const onFocus = (): void => {
    void desktopCall('record_app_activity', { kind: 'focus' });
  };
  for (const type of ACTIVITY) window.addEventListener(type, onActivity, true);
  window.addEventListener('focus', onFocus);
  void desktopCall('init_notifications', {});
  const off = onShellEvent((event) => {
    if (event.type === 'hidden') audioEngine.setSuspended(true);
    else if (event.type === 'shown') audioEngine.setSuspended(false);
    else snooze();
  });
  return () => {
    off();
    for (const type of ACTIVITY) window.removeEventListener(type, onActivity, true);
    window.removeEventListener('focus', onFocus);
  };
}
