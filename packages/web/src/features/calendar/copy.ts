import { habitsCopy } from '../habits/copy';

/** Every string of the calendar and Day Insights (docs/product.md). */
export const calendarCopy = {
  title: 'Calendar',
  prev: 'Prev',
  today: 'Today',
  next: 'Next',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  dayInsights: 'Day Insights',
  viewingPeriodKey: 'Viewing period key',
  weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  hasCompletions: 'has completions',
  /** Said after a day's name when something rested on it (docs/product.md, "Rest days"). */
  dayRest: { vacation: 'on vacation', skipped: 'a habit skipped', paused: 'a habit paused' },
  legend: 'Legend',
  legendDone: 'Completions',
  legendSkipped: 'Skipped',
  legendPaused: 'Paused',
  legendVacation: 'Vacation',
  /** Day Insights: what a resting habit reads instead of "not done". */
  resting: (count: number) =>
    `${count === 1 ? '1 habit rests' : `${count} habits rest`} this day: streaks safe, not counted.`,
  completed: 'Completed',
  totalTasks: 'Total Tasks',
  completionRate: 'Completion Rate',
  /** The rate of a day with nothing due (docs/product.md, "Rest days"): not 0 %. */
  noRate: '–',
  xpEarned: 'XP Earned',
  complete: 'Complete',
  markComplete: 'Mark complete',
  undoCompletion: 'Undo completion',
  empty: 'No habits scheduled for this day.',
  futureDay: habitsCopy.futureDay,
  close: 'Close',
  xp: (xp: number) => `${xp} XP`,
} as const;
