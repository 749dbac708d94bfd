/**
 * The rest-day strings the dashboard's first screen shows (the habit card's skip and badges, the
 * 'Paused (N)' filter). Kept apart from copy.ts, which spreads them in, so the first download
 * carries no more than these; the dialogs, the panel and the notice load theirs with them.
 */
import type { Frequency } from '@habitquest/core/periods';
import type { RestKind } from '@habitquest/core/stats';

export const PERIOD = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  yearly: 'year',
} as const satisfies Record<Frequency, string>;

const skip = (frequency: Frequency, isToday: boolean): string =>
  frequency === 'daily' && isToday ? 'Skip today' : `Skip this ${PERIOD[frequency]}`;

export const restDayCopy = {
  // ------------------------------------------------------------ skip a day (the habit card)
  /** The skip button: 'Skip today' on today's daily habit, else the period it rests. */
  skip,
  skipLabel: (frequency: Frequency, isToday: boolean, title: string) =>
    `${skip(frequency, isToday)}: ${title}`,
  skipHint: 'Your streak is safe: a skipped day neither extends nor breaks it.',
  unskip: 'Unskip',
  unskipLabel: (title: string) => `Unskip: ${title}`,
  /** The badge of a resting card: why it rests, and that the streak is safe. */
  badges: {
    skipped: 'Skipped — streak safe',
    paused: 'Paused — streak safe',
    vacation: 'On vacation — streak safe',
  } satisfies Record<RestKind, string>,
  skipFailed: 'Could not save that skip. Please try again.',

  // ------------------------------------------------------------ pause (the card and the filter)
  pause: 'Pause habit',
  pauseLabel: (title: string) => `Pause ${title}`,
  allPaused: 'Every habit here is paused for now. Rest well — they are under “Paused”.',
} as const;
