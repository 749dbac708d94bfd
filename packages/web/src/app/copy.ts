/** The shell's own words: load failures, a new deployment, the not-found page, the skip link. */
export const appCopy = {
  partFailedTitle: "Couldn't load this part",
  partFailedText: 'Check your connection and try again.',
  pageFailedTitle: "Couldn't load this page",
  pageFailedText: 'Check your connection, then reload the page.',
  retry: 'Retry',
  retrying: 'Retrying...',
  reload: 'Reload',
  close: 'Close',
  newVersion: 'A new version of HabitQuest is available.',
  notFoundTitle: 'Page not found',
  notFoundText: 'There is nothing at this address. Your habits are on the dashboard.',
  openDashboard: 'Open dashboard',
  skipToHabits: 'Skip to habits',
} as const;
