import type { Frequency } from '@habitquest/core/periods';

const STREAK_UNITS = {
  daily: 'days',
  weekly: 'weeks',
  monthly: 'months',
  yearly: 'years',
} as const satisfies Record<Frequency, string>;

const PERIOD_NAMES = {
  daily: 'day',
  weekly: 'week',
  monthly: 'month',
  yearly: 'year',
} as const satisfies Record<Frequency, string>;

/** Every string of the habits section and its dialogs (docs/product.md: verbatim where given). */
export const habitsCopy = {
  /** The toasts after the dialog: a title as the celebrations have, the habit's name below. */
  createdToast: 'Habit created!',
  updatedToast: 'Habit updated',
  sectionTitle: 'Habits',
  frequencies: {
    daily: 'Daily',
    weekly: 'Weekly',
    monthly: 'Monthly',
    yearly: 'Yearly',
  } satisfies Record<Frequency, string>,
  addHabit: 'Add Habit',
  empty: 'No habits for this date/frequency. Add one to get started!',
  recurring: 'Recurring',
  specific: 'Specific',
  xp: (xp: number) => `${xp} XP`,
  markComplete: 'Mark Complete',
  completed: 'Completed',
  undoCompletion: 'Undo completion',
  /** A future day's toggle is off: the server refuses any change of a day still to come. */
  futureDay: "You can't complete a habit for a future day.",
  /** A habit created after the day shown, not done for it: listed, not counted (docs/product.md). */
  addedLater: 'Added later',
  addedLaterHint: 'Added after this day: it counts for this day once you mark it done.',
  addedLaterNote: (count: number) =>
    count === 1
      ? '1 habit was added after this day: it counts once you mark it done.'
      : `${count} habits were added after this day: each counts once you mark it done.`,
  edit: (title: string) => `Edit ${title}`,
  remove: (title: string) => `Delete ${title}`,
  statsCompleted: 'Completed Today',
  /** The selected day is not today: the label names it ('Completed on Mon, Nov 23'). */
  statsCompletedOn: (day: string) => `Completed on ${day}`,
  statsTotal: (frequency: Frequency) => `Total ${frequency}`,
  statsRate: 'Completion Rate',
  statsStreak: 'Average Streak',
  /** One decimal and the unit of the tab's periods: a weekly streak counts weeks. */
  averageStreak: (value: number, frequency: Frequency) =>
    `${value.toFixed(1)} ${STREAK_UNITS[frequency]}`,
  createTitle: 'Create Habit',
  editTitle: 'Edit Habit',
  title: 'Title',
  description: 'Description (optional)',
  frequency: 'Frequency',
  category: 'Category',
  descriptionPlaceholder: 'Why it matters, or how you do it',
  color: 'Colour',
  /** A colour set outside the app's own choices, kept until another is picked. */
  currentColor: 'Current colour',
  icon: 'Icon',
  /** An icon set outside the app's own choices (an emoji from an import), kept until another is picked. */
  currentIcon: 'Current icon',
  xpReward: 'XP reward',
  type: 'Type',
  date: 'Date',
  xpRange: (min: number, max: number) =>
    `XP must be a whole number from ${String(min)} to ${String(max)}.`,
  dateRequired: 'Pick the date this habit is for.',
  create: 'Create Habit',
  creating: 'Creating...',
  save: 'Save Changes',
  saving: 'Saving...',
  cancel: 'Cancel',
  deleteTitle: 'Delete Habit',
  deleteWarning:
    'All history, streaks and XP of this habit will be lost permanently. Points you already earned stay.',
  deleteConfirm: 'Delete Habit',
  deleting: 'Deleting...',
  bestStreakLabel: 'Best streak',
  habitCompleted: 'Habit Completed!',
  habitCompletedText: (title: string, xp: number, points: number) =>
    `${title}: +${xp} XP, +${points} ${points === 1 ? 'pt' : 'pts'}`,
  /** The completion toast's action: takes the completion back, as the card's toggle does. */
  undo: 'Undo',
  levelUp: 'Level Up!',
  levelReached: (level: number) => `Level ${level} reached!`,
  levelUpCheer: 'Keep the streak going, adventurer.',
  dismiss: 'Dismiss',
  createFailed: 'Failed to create habit. Please try again.',
  updateFailed: 'Failed to update habit. Please try again.',
  /** Said in the edit dialog before a new frequency is saved (docs/product.md, "Habits"). */
  frequencyChange: (to: Frequency) => {
    const period = PERIOD_NAMES[to];
    return `Its history is kept: past completions are regrouped by ${period}, and completions that fall in the same ${period} become one, keeping all the XP and points they earned. Streaks count ${STREAK_UNITS[to]} from now on.`;
  },
  deleteFailed: 'Failed to delete habit. Please try again.',
  toggleFailed: 'Could not save that completion. Please try again.',
} as const;
