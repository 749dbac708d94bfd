/**
 * The one analytics string the dashboard shows before the Analytics Dashboard loads. Kept apart
 * from copy.ts (which spreads it in) so the first download carries no more than this.
 */
export const analyticsLaunchCopy = {
  button: 'Analytics',
} as const;
