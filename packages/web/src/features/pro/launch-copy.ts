/**
 * The Pro strings the dashboard shows before the upgrade modal loads. Kept apart from copy.ts
 * (which spreads them in) so the first download carries no more than these.
 */
export const proLaunchCopy = {
  upgradeToPro: 'Upgrade to Pro',
  /** The header's button on a phone; its accessible name stays 'Upgrade to Pro'. */
  upgrade: 'Upgrade',
} as const;
