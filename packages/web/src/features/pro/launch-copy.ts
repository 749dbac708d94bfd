/**
 * The Pro strings the dashboard shows before the upgrade modal loads. Kept apart from copy.ts
 * (which spreads them in) so the first download carries no more than these.
 */
export const proLaunchCopy = {
  upgradeToPro: 'Upgrade to Pro',
} as const;
