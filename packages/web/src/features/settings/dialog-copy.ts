/** Strings of the Settings dialog (docs/product.md "Settings dialog", §4 "Import flow", §8). */
import type { Accent, Theme } from '@habitquest/contracts/settings';
import type { StorageHealthStatus } from '@habitquest/core/storage-health';

export const settingsDialogCopy = {
  button: 'Settings',
  title: 'Settings',
  tabsLabel: 'Settings sections',
  tabs: {
    audio: 'Audio',
    appearance: 'Appearance',
    regional: 'Regional',
    data: 'Data',
    storage: 'Storage',
    notifications: 'Notifications',
  },

  // Audio
  audioHeading: 'Effects',
  musicHeading: 'Music',
  soundEffects: 'Sound effects',
  soundEffectsHint: 'Clicks, completions, level ups and coins.',
  effectsVolume: 'Effects volume',
  music: 'Background music',
  musicHint: 'A calm loop while the app is open.',
  musicVolume: 'Music volume',
  audioOffHint: 'Music plays only while sound effects are on.',
  gestureHint: 'Sounds start after your first click or key press on the page.',
  testSound: 'Play a test sound',
  percent: (value: number) => `${Math.round(value * 100)}%`,

  // Appearance
  theme: 'Theme',
  themes: { light: 'Light', dark: 'Dark', system: 'System' } satisfies Record<Theme, string>,
  accent: 'Accent colour',
  accentHint: 'Used for buttons, the header card and progress bars.',
  accents: {
    blue: 'Blue',
    emerald: 'Emerald',
    purple: 'Purple',
    amber: 'Amber',
    rose: 'Rose',
    cyan: 'Cyan',
    black: 'Black',
    white: 'White',
  } satisfies Record<Accent, string>,
  preview: 'Preview',
  previewButton: 'Primary button',

  // Regional
  timeZone: 'Time zone',
  timeZoneHint: 'Decides when your day starts and ends, on every device.',
  searchZones: 'Search time zones',
  searchPlaceholder: 'Type a city or region',
  zoneList: 'Time zones',
  noZones: 'No time zone matches that search.',
  useDeviceZone: "Use this device's zone",
  deviceZone: (zone: string) => `This device is in ${zone.replaceAll('_', ' ')}.`,
  currentZone: (zone: string) => `Saved: ${zone.replaceAll('_', ' ')}`,
  weekHeading: 'Week',
  weekStart: 'Week starts on',
  weekStartHint: 'Weekly habits, streaks and this week’s figures follow it.',
  weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  saved: 'Saved',

  // Data management
  exportHeading: 'Export data',
  exportText:
    'Download everything (habits, history, categories, rewards and settings) as a JSON backup.',
  exportButton: 'Export Data',
  exporting: 'Exporting...',
  exportSuccess: 'Data exported successfully! Your backup file has been downloaded.',
  exportFailure: 'Export failed. Please try again.',
  importHeading: 'Import data',
  importText:
    'Restore a HabitQuest backup (.json). You choose to replace or merge before anything changes.',
  importButton: 'Import Data',
  reading: 'Reading the file...',
  readingPercent: (percent: number) => `Reading the file... ${percent}%`,
  validating: 'Checking the backup...',
  uploading: (percent: number) => `Uploading... ${percent}%`,
  applying: 'Restoring your data...',
  importProgress: 'Import progress',
  invalidTitle: 'Invalid backup file',
  readFailure: 'The file could not be read. Please make sure it is a valid HabitQuest backup file.',
  /** §5: a backup is a .json file; anything else is refused before it is read. */
  notJson: (fileName: string) =>
    `"${fileName}" is not a .json file. Only HabitQuest backups (.json) can be imported.`,
  importFailed: (error: string) => `Import failed: ${error}`,
  importRetry: 'Please check your backup file and try again.',
  importUnexpected: 'An unexpected error occurred during import.',
  optionsTitle: 'Import options',
  optionsText: (fileName: string) =>
    `How should "${fileName}" be applied? Replace swaps everything you have for the backup; merge keeps your data and adds what the backup brings.`,
  replace: 'Replace All Data',
  merge: 'Merge Data',
  cancel: 'Cancel',
  close: 'Close',
  warningsTitle: 'Notes about this file',
  restored: 'Your progress has been restored!',
  summary: (s: { habits: number; points: number; categories: number; rewards: number }) =>
    `Habits: ${s.habits} · Points: ${s.points} · Categories: ${s.categories} · Rewards: ${s.rewards}`,
  resetHeading: 'Reset all data',
  resetText: 'Delete every habit, completion, category, reward and all progress. Settings stay.',
  resetButton: 'Reset All Data',
  resetTitle: 'Reset all data?',
  /** The spec's confirmation (§5), the same sentence as the contracts' RESET_CONFIRM_TEXT. */
  resetConfirmText: 'Are you sure you want to reset all data? This action cannot be undone.',
  resetConfirm: 'Reset Everything',
  resetting: 'Resetting...',
  resetDone: 'All data has been reset.',
  resetFailed: 'Reset failed. Please try again.',

  // Storage health
  storageHeading: 'This browser',
  storageUnsupported: 'This browser does not report how much storage it uses.',
  usage: (used: string, quota: string) => `${used} of ${quota} used`,
  usageLabel: 'Storage used',
  status: {
    excellent: 'Excellent',
    good: 'Good',
    warning: 'Warning',
    critical: 'Critical',
  } satisfies Record<StorageHealthStatus, string>,
  breakdownHeading: 'Breakdown',
  breakdown: {
    habits: 'Habits',
    categories: 'Categories',
    progress: 'Progress',
    settings: 'Settings',
    cache: 'Cache',
    offlineQueue: 'Offline queue',
    other: 'Other',
  },
  recommendations: 'Recommendations',
  refresh: 'Refresh',
  cleanCache: 'Clean cache',
  cacheCleaned: 'Cache cleaned. Your data and any unsynced changes are untouched.',
  persistentHeading: 'Persistent storage',
  persisted: 'Granted: the browser will not clear HabitQuest’s data to free space.',
  notPersisted:
    'Not granted: the browser may clear cached data when space runs low. Your data is safe on the server.',
  persistUnsupported: 'This browser does not offer persistent storage.',
  requestPersist: 'Request persistent storage',
  persistRefused: 'The browser declined. It may grant it once you use HabitQuest more often.',
  serverHeading: 'Your account on the server',
  serverCounts: {
    habits: 'Habits',
    completions: 'Completions',
    categories: 'Categories',
    rewards: 'Rewards',
    inventory: 'Redeemed',
  },
  serverBytesLabel: 'Stored',
  serverBytes: (size: string) => `about ${size}`,
  serverFailed: 'The server’s figures could not be loaded.',
  measuring: 'Measuring...',

  // Notifications
  notificationsHeading: 'Reminders are coming',
  notificationsText:
    'Smart habit reminders (streak protection, evening and startup reminders) are not available yet. Until they are, HabitQuest sends no notifications and asks for no permission.',
} as const;
