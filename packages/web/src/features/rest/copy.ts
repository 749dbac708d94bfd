/**
 * Every string of rest days (docs/product.md, "Rest days"): skipping a day of one habit, pausing a
 * habit, and vacation mode. Plain and warm: resting is part of keeping a habit, not failing it.
 * The strings of the first screen are day-copy.ts's, spread in here.
 */
import type { Frequency } from '@habitquest/core/periods';
import { PERIOD, restDayCopy } from './day-copy';

export const restCopy = {
  ...restDayCopy,
  // ------------------------------------------------------------ the skip's toast
  skippedToast: (title: string, frequency: Frequency, isToday: boolean) =>
    frequency === 'daily' && isToday
      ? `${title}: skipped today — your streak is safe.`
      : `${title}: this ${PERIOD[frequency]} is skipped — your streak is safe.`,
  // ------------------------------------------------------------ pause a habit
  pauseTitle: 'Pause habit',
  pauseIntro: (title: string) =>
    `${title} rests from today: it leaves your daily list, sends no reminders, and its streak waits for you.`,
  pauseUntil: 'How long?',
  untilDate: 'Until a date',
  untilDateHint: 'It returns by itself on the day you pick.',
  untilResumed: 'Until I resume it',
  untilResumedHint: 'It waits in “Paused” until you bring it back.',
  resumeOn: 'Back on',
  resumeOnRequired: 'Pick the day it comes back: tomorrow or later.',
  confirmPause: 'Pause habit',
  pausing: 'Pausing...',
  cancel: 'Cancel',
  pausedToast: (title: string) => `${title} is paused. Rest well — your streak is safe.`,
  pauseFailed: 'Could not pause that habit. Please try again.',
  resume: 'Resume',
  resumeLabel: (title: string) => `Resume ${title}`,
  resumedToast: (title: string) => `${title} is back. Welcome back!`,
  resumeFailed: 'Could not resume that habit. Please try again.',
  pausedBadge: 'Paused',
  pausedUntil: (date: string) => `Back on ${date}`,
  pausedIndefinitely: 'Paused until you resume it',
  hidePaused: 'Hide paused',
  pausedHeading: 'Paused',
  showPaused: (count: number) => `Paused (${count})`,

  // ------------------------------------------------------------ vacation mode
  vacationTab: 'Vacation',
  vacationHeading: 'Vacation mode',
  vacationIntro:
    'Every habit rests on these days: streaks are safe, nothing is counted against you, and no reminders are sent.',
  vacationStarts: 'First day',
  vacationEnds: 'Last day',
  save: 'Save vacation',
  saving: 'Saving...',
  endVacation: 'End vacation',
  cancelVacation: 'Cancel vacation',
  ending: 'Ending...',
  vacationNow: (until: string) => `On vacation until ${until}: streaks are safe, no reminders.`,
  vacationAhead: (from: string, until: string) =>
    `Vacation planned from ${from} to ${until}: streaks will be safe, no reminders.`,
  vacationNone: 'No vacation planned.',
  vacationSaved: 'Vacation saved. Enjoy the break!',
  vacationEnded: 'Vacation ended. Welcome back!',
  vacationCancelled: 'Vacation cancelled.',
  vacationFailed: 'Could not save your vacation. Please try again.',
  vacationEndFailed: 'Could not end your vacation. Please try again.',
  vacationOrder: 'The last day cannot come before the first day.',
  vacationTooLong: (max: number) => `A vacation lasts at most ${max} days.`,
  vacationOver: 'Pick a last day from today on.',
  vacationPickDay: 'Pick a day.',
  vacationDays: (days: number) => (days === 1 ? '1 day' : `${days} days`),

  // ------------------------------------------------------------ the dashboard's notice
  bannerNow: (until: string) =>
    `You're on vacation until ${until}. Your streaks are safe and reminders are off — enjoy!`,
  bannerAhead: (from: string) =>
    `Vacation starts ${from}. Your streaks will be safe while you're away.`,
  bannerSettings: 'Vacation settings',
} as const;
