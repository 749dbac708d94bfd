/** The achievements' words around the catalogue (the catalogue's own titles are core's). */
export const achievementsCopy = {
  heading: 'Achievements',
  summary: (unlocked: number, total: number) => `${String(unlocked)} of ${String(total)} unlocked`,
  unlockedOn: (date: string) => `Unlocked ${date}`,
  locked: 'Locked',
  progress: (current: number, target: number) =>
    `${current.toLocaleString()} / ${target.toLocaleString()}`,
  progressLabel: (title: string) => `Progress toward ${title}`,
  loading: 'Loading achievements…',
  failed: 'Achievements could not be loaded.',
  /** The toast when one or more unlock. */
  unlockedTitle: (count: number) =>
    count === 1 ? 'Achievement unlocked!' : `${String(count)} achievements unlocked!`,
};
