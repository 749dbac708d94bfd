/** Every string of the Goal Tracker and its category dialogs (docs/product.md: verbatim where given). */
import { formatNumber } from '../../lib/format';
export const goalsCopy = {
  heading: 'Goal Tracker by Category',
  intro: (month: string) => `Monthly XP goals for ${month}`,
  summary: (xp: number, met: number, total: number) =>
    `${formatNumber(xp)} XP this month · ${met} of ${total} goals met`,
  addCategory: 'Add Category',
  uncategorized: (count: number) => `Uncategorized (${count})`,
  xpOfTarget: (xp: number, target: number) => `${formatNumber(xp)} / ${formatNumber(target)} XP`,
  thisMonth: 'this month',
  progressLabel: (name: string) => `${name} progress toward the monthly target`,
  target: 'Target',
  targetLabel: (name: string) => `Monthly XP target for ${name}`,
  xpUnit: 'XP',
  deleteCategoryLabel: (name: string) => `Delete category ${name}`,
  protectedCategory: 'Protected category - cannot be deleted',
  loading: 'Loading categories…',
  loadFailed: 'Could not load your categories.',
  retry: 'Try again',
  empty: 'No categories yet. Add one to give your habits a monthly XP goal.',
  noTarget: 'No target',
  noTargetHint: 'Set a monthly target to track this category.',
  targetFailed: 'Failed to update the target. Please try again.',
  /** docs/product.md's status text, keyed by core's goalStatus. */
  status: {
    'Complete!': 'Complete!',
    'Almost there!': 'Almost there!',
    'Halfway!': 'Halfway!',
    'Keep going!': 'Keep going!',
  },

  createTitle: 'Create Category',
  createIntro: 'Group related habits and give them a monthly XP goal. Names are saved in capitals.',
  name: 'Category name',
  namePlaceholder: 'e.g. Reading',
  monthlyTarget: 'Monthly XP target',
  targetRange: (min: number, max: number) =>
    `Target must be a whole number of XP from ${String(min)} to ${formatNumber(max)}.`,
  cancel: 'Cancel',
  create: 'Create Category',
  creating: 'Creating...',
  createFailed: 'Failed to create category. Please try again.',

  deleteTitle: 'Delete Category',
  deleteQuestion: (name: string) => `Are you sure you want to delete "${name}"?`,
  deleteMoves: (count: number) =>
    count === 0
      ? "It has no habits right now; habits of a deleted category move to 'Uncategorized Habits'."
      : `Its ${count} ${count === 1 ? 'habit moves' : 'habits move'} to 'Uncategorized Habits'.`,
  deletePreserves: 'Completed habit data is preserved: the XP, points and streaks you earned stay.',
  deleteRecreate:
    'A category re-created later with the same name counts as a new category, with separate statistics.',
  confirmDelete: 'Delete Category',
  deleteFailed: 'Failed to delete category. Please try again.',

  uncategorizedTitle: 'Uncategorized Habits',
  uncategorizedIntro: 'Habits from deleted categories wait here. Move each one to a category.',
  uncategorizedEmpty: 'Every habit has a category. Nice and tidy!',
  noDescription: 'No description',
  xp: (xp: number) => `${xp} XP`,
  frequency: {
    daily: 'Daily',
    weekly: 'Weekly',
    monthly: 'Monthly',
    yearly: 'Yearly',
  },
  moveToCategory: 'Move to category',
  moveOptions: (title: string) => `Categories to move ${title} to`,
  noOtherCategories: 'There is no other category yet. Add one first.',
  edit: 'Edit',
  editHabit: (title: string) => `Edit habit ${title}`,
  moveFailed: 'Failed to update habit. Please try again.',
} as const;
