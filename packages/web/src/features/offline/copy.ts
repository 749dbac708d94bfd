/** The offline feature's words (docs/offline.md). The badge's own texts are core's (offlineBadge). */
export const offlineCopy = {
  badgeLabel: 'Sync status',
  /** A change the server refused after it waited in the queue; the screen shows the truth again. */
  refused: (message: string) => `A change made offline was not saved: ${message}`,
  refusedFallback: 'A change made offline was not saved.',
  /** Changes that need the server's answer (new items, edits, redeeming) are not queued. */
  needsConnection:
    "You're offline. This change needs a connection to HabitQuest; try again once you're back.",
  redeemNeedsConnection:
    "You're offline. Redeeming needs a connection: your points are confirmed by the server.",
};
