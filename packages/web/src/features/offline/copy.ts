/** The offline feature's words (docs/offline.md). The badge's own texts are core's (offlineBadge). */
export const offlineCopy = {
  badgeLabel: 'Sync status',
  /** A change the server refused after it waited in the queue; the screen shows the truth again. */
  refused: (message: string) => `A change made offline was not saved: ${message}`,
  refusedFallback: 'A change made offline was not saved.',
  /** A queued change whose habit, reward or category was deleted meanwhile (or never made). */
  refusedGone: 'A change made offline was not saved: what it changed no longer exists.',
  /** A part of the page this device never loaded, shown while the server is out of reach. */
  notLoaded: "You're offline. This will load once you're back online.",
};
