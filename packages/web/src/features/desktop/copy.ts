/** The desktop shell's words in the web app (docs/desktop.md). */
export const desktopCopy = {
  minimizeToTray: 'Minimize to Tray',
  minimize: 'Minimize',
  exit: 'Exit HabitQuest',
  permissionGranted: 'Your system shows HabitQuest’s notifications.',
  permissionDenied:
    'No notification service answers on this desktop, so reminders are off here. Install a notification daemon (most desktops have one), then restart HabitQuest.',
  help: 'Nothing arrives? Check that Do Not Disturb is off in your desktop’s notification settings. Reminders come while HabitQuest runs, also hidden in the tray; Exit stops them until you start it again.',
  serviceRunning: 'Running in the HabitQuest desktop app, also while its window is hidden',
} as const;
