/**
 * The shop's small rules on the client: how far a reward is, the shop after a redeem, and how
 * purchases read. Who can redeem and the shop's order are core's, shared with the server.
 */
import { compareRewards } from '@habitquest/core/rewards';
import type { Purchase, Reward } from '@habitquest/contracts/rewards';
import { formatInstant } from '../../lib/format';

/** Points still missing before a reward can be redeemed (0 when it already can). */
export function pointsShort(points: number, cost: number): number {
  return Math.max(0, cost - points);
}

/** The shop in the server's order (core's compareRewards). */
export function sortRewards(rewards: readonly Reward[]): Reward[] {
  return [...rewards].sort(compareRewards);
}

/** The first 8 characters of an id, as the edit and delete dialogs show it (docs/product.md). */
export function shortId(id: string): string {
  return id.slice(0, 8);
}

/** The shop after redeeming `reward`: it leaves unless it is kept there (docs/decisions.md). */
export function shopAfterRedeem(rewards: readonly Reward[], reward: Reward): Reward[] {
  return reward.keepInShop ? [...rewards] : rewards.filter((r) => r.id !== reward.id);
}

/** The inventory entry a redeem is expected to add, shown until the server's answer replaces it. */
export function pendingPurchase(reward: Reward, purchasedAt: string): Purchase {
  return {
    id: `pending-${reward.id}-${purchasedAt}`,
    rewardId: reward.id,
    rewardName: reward.name,
    rewardCost: reward.cost,
    rewardDescription: reward.description,
    rewardIcon: reward.icon,
    rewardRarity: reward.rarity,
    purchasedAt,
  };
}

/** A purchase's name and cost, with the spec's stand-ins for missing values (docs/product.md). */
export function purchaseLabel(purchase: Purchase): { name: string; cost: number } {
  return {
    name: purchase.rewardName.trim() === '' ? 'Unknown' : purchase.rewardName,
    cost: Number.isFinite(purchase.rewardCost) ? purchase.rewardCost : 0,
  };
}

/** 'Mar 3, 2026, 4:05 PM' in the user's own time zone. */
export function formatRedeemedAt(instant: string, timeZone: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  return formatInstant(date, timeZone);
}
