/** Every string of the What's New panel and the feedback draft (docs/product.md). */
export const whatsNewCopy = {
  heading: "What's New",
  intro: 'The latest improvements to your quest.',
  items: [
    {
      title: 'Analytics overhaul',
      text: 'A new Analytics Dashboard with Overview, Monthly, Weekly and Daily views.',
    },
    {
      title: 'Historical navigation',
      text: 'Step back through past years and months to see how far you have come.',
    },
    {
      title: 'Charts',
      text: 'Monthly XP and daily completion charts, coloured by how well each day went.',
    },
    {
      title: 'Target tracking',
      text: "Follow every category's progress toward its monthly XP target.",
    },
    {
      title: 'Streak analysis',
      text: 'Current and best streaks of every habit, side by side.',
    },
    {
      title: 'Reward purchase analytics',
      text: 'Items redeemed and points spent, this month and last.',
    },
  ],
  proNote: 'The Analytics Dashboard is part of HabitQuest Pro.',
  sendFeedback: 'Send Feedback',
  feedbackHint: 'Opens a draft in your mail app.',
  feedbackSubject: 'HabitQuest feedback',
  feedbackBody: (version: string, browser: string) =>
    `Hi HabitQuest team,\n\n\n\n---\nApp version: ${version}\nBrowser: ${browser}\n`,
} as const;
