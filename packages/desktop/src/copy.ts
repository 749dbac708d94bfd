/** Every sentence the desktop shell says to its user (tray, notifications, terminal). */
export const desktopCopy = {
  appName: 'HabitQuest',
  tray: {
    show: 'Show HabitQuest',
    hide: 'Hide to Tray',
    dueNone: 'All habits done for today',
    due: (count: number) => `${String(count)} ${count === 1 ? 'habit' : 'habits'} still due today`,
    dueUnknown: 'Sign in to see today’s habits',
    exit: 'Exit',
  },
  notification: {
    complete: 'Mark complete',
    snooze: 'Snooze',
    completed: (title: string) => `Done: ${title}`,
    completedBody: 'Marked complete from the reminder.',
    snoozed: 'Reminders snoozed for 1 hour.',
  },
  /** Said for 3 s the first time the window hides to the tray in a run (docs/desktop.md). */
  trayNotice: {
    title: 'HabitQuest is still running',
    body: 'It keeps reminding you from the tray. Click its icon to bring the window back.',
  },
  alreadyRunning: 'HabitQuest is already running: its window has been brought forward.',
  starting: (url: string) => `HabitQuest desktop: opening ${url}`,
  serverFailed: 'HabitQuest’s server could not start:',
  portTaken: (port: number) =>
    `Port ${String(port)} is used by another program. Start with --port <number> (or HABITQUEST_DESKTOP_PORT) to use another one; the app's storage belongs to its port, so keep the one you pick.`,
  noBrowser: [
    'HabitQuest needs a Chromium-family browser for its window, and none is installed.',
    'On Debian or Ubuntu:  sudo apt-get install chromium',
    'Or point HABITQUEST_BROWSER at Chromium, Google Chrome, Brave or Microsoft Edge.',
  ].join('\n'),
  missingPackages: (lines: readonly string[]) =>
    [
      'Some parts of the desktop shell are off because Debian packages are missing:',
      ...lines.map((line) => `  - ${line}`),
    ].join('\n'),
} as const;
