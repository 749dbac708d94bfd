/** The reminders' words (docs/product.md "Reminders"); the reminders' own texts are core's. */
export const remindersCopy = {
  heading: 'Smart Habit Reminders',
  intro:
    'A nudge before a streak breaks, an evening check-in and a reminder when you start the day. Never about a habit you have already done.',
  settingsHeading: 'What to remind you about',
  enabled: 'Reminders',
  enabledHint: 'Send reminders on this account',
  streakProtection: 'Streak protection',
  streakHours: (hours: number) => `${String(hours)} ${hours === 1 ? 'hour' : 'hours'}`,
  streakHint: 'Warn when a streak of 3 or more has gone this long without a completion.',
  evening: 'Evening reminder',
  eveningHint: 'Between 9 and 11 PM, while a daily habit is still open',
  startup: 'Startup reminder',
  startupHint: '5 minutes after you open HabitQuest, if habits are waiting',
  nudges: 'Daily nudges',
  nudgesHint:
    'At an hour you often complete habits when nothing is done yet, and a word of encouragement 6 hours after a completion while habits are still open',
  paused: 'Pause on this device',
  pausedHint: 'No reminders here until you resume',
  snooze: 'Snooze for 1 hour',
  snoozedUntil: (time: string) => `Snoozed until ${time}`,
  serviceLabel: 'Background service',
  service: {
    running: 'Running while a HabitQuest tab is open',
    stopped: 'Stopped',
    unknown: 'Unknown',
    /** While the desktop shell is asked. */
    checking: 'Checking...',
  },
  push: {
    subscribed: 'Reminders reach this browser even when no HabitQuest tab is open.',
    unavailable:
      'When no tab is open, reminders need push: https and your browser vendor’s push service, which this browser cannot reach from here. Reminders come while a HabitQuest tab is open.',
    off: 'This server sends no pushes, so reminders come while a HabitQuest tab is open.',
  },
  test: 'Test Notification',
  sending: 'Sending...',
  testTitle: 'HabitQuest reminders are on',
  testBody: 'This is how a reminder looks. You will hear from us before a streak breaks.',
  testSent: 'Test notification sent.',
  allow: 'Allow notifications',
  permission: {
    granted: 'Notifications are allowed in this browser.',
    default: 'HabitQuest needs your permission to show reminders. It asks only when you click.',
    denied:
      'Notifications are blocked for HabitQuest in this browser, so reminders are off here. Allow them in the site settings (the icon left of the address), then reload this page.',
    unsupported: 'This browser cannot show notifications, so reminders are off here.',
    insecure: (host: string) =>
      `Notifications need a secure connection. This page was opened over plain http at ${host}, so the browser will show none. Open HabitQuest over https (or on localhost), or ask whoever runs it to set up https.`,
  },
  help: 'Nothing arrives? Check that your system lets the browser show notifications (Do Not Disturb or Focus off; on macOS, System Settings › Notifications › your browser; on Windows, Settings › System › Notifications). Reminders come while a HabitQuest tab is open.',
  failed: 'The notification could not be shown.',
} as const;
