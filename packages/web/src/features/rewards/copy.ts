import { EARNING_RATE_TEXT } from '@habitquest/core/levels';
import { formatNumber } from '../../lib/format';

/** '1 pt', '0 pts', '1,200 pts': one point is singular (also −1). */
const pts = (n: number): string => `${formatNumber(n)} ${Math.abs(n) === 1 ? 'pt' : 'pts'}`;

/**
 * Every string of the rewards shop, its dialogs and the inventory (docs/product.md verbatim where
 * given). The shop states the real earning rate (docs/decisions.md), not the spec's '~2 pts per XP'.
 */
export const rewardsCopy = {
  shopHeading: 'Rewards Shop',
  shopIntro: `Spend your points on real-life perks. ${EARNING_RATE_TEXT}`,
  rateHint: EARNING_RATE_TEXT,
  openShop: 'Open Shop',
  addReward: 'Add Reward',
  balanceLabel: 'Your balance',
  pts,
  cost: (n: number) => `Cost: ${pts(n)}`,
  negativeBalance:
    'Your balance is below zero after an undone completion. Complete habits to earn it back before redeeming.',
  redeem: 'Redeem',
  redeeming: 'Redeeming...',
  notEnoughPoints: 'Not enough points',
  redeemLabel: (name: string, cost: number) => `Redeem ${name} for ${pts(cost)}`,
  needMore: (n: number) => `${pts(n)} more needed`,
  keptInShop: 'Stays in shop',
  edit: (name: string) => `Edit ${name}`,
  remove: (name: string) => `Delete ${name}`,
  emptyShopTitle: 'No Rewards Yet',
  emptyShopText: 'Create your first reward to start motivating yourself!',
  addFirstReward: 'Add Your First Reward',
  scrollToTop: 'Back to top',
  gridLabel: 'Rewards to redeem',
  inventoryListLabel: 'Redeemed rewards',
  loadFailed: 'Could not load your rewards.',
  retry: 'Try again',

  inventoryHeading: 'Your Inventory',
  inventoryCount: (n: number) => `Your Inventory (${n})`,
  earned: (n: number) => `${n} ${n === 1 ? 'reward' : 'rewards'} earned`,
  emptyInventoryTitle: 'No rewards yet',
  emptyInventoryText: 'Complete habits to earn points and redeem rewards!',
  redeemed: 'Redeemed',
  unknownReward: 'Unknown',

  createTitle: 'Create Reward',
  createIntro: 'A real-life treat to work towards.',
  editTitle: 'Edit Reward',
  current: 'Current',
  idLabel: 'ID',
  name: 'Reward name',
  namePlaceholder: 'e.g. Movie night',
  costLabel: 'Cost in points',
  costRange: (min: number, max: number) =>
    `Cost must be a whole number of points from ${String(min)} to ${formatNumber(max)}.`,
  description: 'Description (optional)',
  descriptionPlaceholder: 'What makes it special?',
  icon: 'Icon (optional)',
  iconHint: 'An emoji, or pick one:',
  useIcon: (icon: string) => `Use ${icon} as the icon`,
  keepInShop: 'Keep in shop after redeeming',
  keepInShopHint: 'For treats you can earn again and again.',
  create: 'Create Reward',
  creating: 'Creating...',
  save: 'Update Reward',
  saving: 'Saving...',
  cancel: 'Cancel',

  deleteTitle: 'Delete Reward',
  deleteQuestion: (name: string) => `Are you sure you want to delete "${name}"?`,
  deletePermanent: 'This reward will be removed from your shop permanently.',
  deleteUndo: 'This action cannot be undone.',
  deleteAlternative: 'If you only want to change it, edit the reward instead.',
  deleteNoRefund: 'Points already spent on this reward will not be refunded.',
  deleteConfirm: 'Delete Reward',

  purchaseTitle: 'Purchase Successful!',
  purchased: (name: string) => `Successfully purchased ${name}!`,
  notEnoughYet: 'Not enough points yet!',
  redeemFailed: 'Failed to redeem reward. Please try again.',
  redeemNeedsConnection:
    "You're offline. Redeeming needs a connection: your points are confirmed by the server.",
  createFailed: 'Failed to create reward. Please try again.',
  updateFailed: 'Failed to update reward. Please try again.',
  deleteFailed: 'Failed to delete reward. Please try again.',
} as const;

/** Quick picks for a reward's icon; any emoji may be typed instead. */
export const ICON_PICKS = ['🎁', '☕', '🍕', '🍦', '🎮', '🎬', '📚', '🛍️', '💆', '✈️'] as const;
