import { FREE_LIMITS, formatPeso, PRICES, type LimitedResource } from '@habitquest/core/plan';
import { proLaunchCopy } from './launch-copy';

const list = (limits: typeof FREE_LIMITS): string =>
  `${limits.habits} habits, ${limits.categories} categories and ${limits.rewards} rewards`;

/** Every string of the Pro upgrade, the checkout return dialogs and checkout errors (docs/product.md). */
export const proCopy = {
  ...proLaunchCopy,
  upgradeTitle: 'Upgrade to HabitQuest Pro',
  /** When the modal opens without a limit message (the header button, the analytics overlay). */
  planIncludes: (resource: LimitedResource) =>
    `The free plan includes ${FREE_LIMITS[resource]} ${resource}. Upgrade to Pro for unlimited ${resource}!`,
  features: {
    habits: { title: 'Unlimited Habits', text: 'Track every habit you want to build.' },
    categories: { title: 'Unlimited Categories', text: 'Organise your life your own way.' },
    rewards: { title: 'Unlimited Rewards', text: 'Fill your shop with every treat you earn.' },
    analytics: {
      title: 'Advanced Analytics',
      text: 'Charts, trends and streaks across months and years.',
    },
  },
  everythingInPro: 'Everything in Pro',
  everything: [
    'Unlimited habit creation',
    'Unlimited categories',
    'Unlimited custom rewards',
    'Advanced analytics dashboard',
    'Priority email support',
    'Early access to new features',
    'Export data anytime',
    'Lifetime access',
  ],
  desktopApp: 'Get the HabitQuest desktop app',
  opensInNewTab: '(opens in a new tab)',
  price: formatPeso(PRICES.habit),
  oneTime: 'one-time',
  priceNote: 'Pay once, keep Pro forever.',
  maybeLater: 'Maybe Later',
  upgradeNow: 'Upgrade to Pro Now',
  footer: [
    'Lifetime access',
    'No subscription',
    'Money-back guarantee',
    'Secure payment via Stripe',
  ],
  redirecting: 'Opening secure checkout…',
  errors: {
    signedOut: 'Please sign in to upgrade to Pro',
    noUrl: 'No checkout URL received',
    fallback: 'Failed to start checkout. Please try again.',
  },
  welcomeTitle: 'Welcome to Pro!',
  welcomeIntro: 'Thank you for upgrading. Everything is unlocked:',
  welcomeFeatures: [
    'Unlimited habits',
    'Unlimited categories',
    'Unlimited rewards',
    'Advanced analytics',
  ],
  confirming: 'We are confirming your payment: Pro unlocks the moment it arrives.',
  startJourney: 'Start Your Pro Journey',
  continuingIn: (seconds: number) => `Continuing automatically in ${seconds} s`,
  cancelTitle: 'Checkout Cancelled',
  cancelIntro: 'Your checkout was cancelled and no payment was taken.',
  freeTierContinues: `Your free tier continues with ${list(FREE_LIMITS)}.`,
  tryAgain: 'Try Again',
  backToApp: 'Back to App',
} as const;
