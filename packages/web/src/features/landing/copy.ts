/** Every string of the landing page, in one place (CONTRIBUTING.md). */
export const landingCopy = {
  productName: 'HabitQuest',
  signIn: 'Sign in',
  createAccount: 'Create account',
  tagline: 'Your Daily Habit-Tracking Tool For Consistency and Progress',
  headline: 'Turn your habits into a quest you win every day',
  intro:
    'Complete daily, weekly, monthly and yearly habits to earn XP, level up, keep your streaks alive and spend your points on rewards you choose yourself.',
  previewTitle: 'Adventurer',
  previewHabits: ['Morning run', 'Read 20 pages', 'Weekly review'],
  features: [
    {
      title: 'Habits on your rhythm',
      text: 'Daily, weekly, monthly or yearly; recurring or on one specific date.',
    },
    {
      title: 'XP, levels and streaks',
      text: 'Every completion earns XP and points. Streaks come from your history, so they never drift.',
    },
    {
      title: 'Rewards you define',
      text: 'Spend points on real-life treats in your own shop. You earn 1 pt for every 2 XP.',
    },
    {
      title: 'Calendar and day insights',
      text: 'See any day at a glance and complete what you did on a day you missed logging.',
    },
    {
      title: 'Goals by category',
      text: 'Set a monthly XP target for each area of life and watch the bar fill up.',
    },
    {
      title: 'Reminders before a streak breaks',
      text: 'Smart reminders nudge you in time, never more than you allow.',
    },
  ],
  selfHosted: 'Self-hostable: one process, an embedded database, your data stays yours.',
} as const;
