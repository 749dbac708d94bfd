/**
 * The model of rewards (model.ts): created, edited, deleted and redeemed, and the shop's order.
 * Test support only.
 */
import { compareRewards } from '@habitquest/core/rewards';
import {
  OK,
  atLimit,
  limitReached,
  validation,
  type MPurchase,
  type MReward,
  type MUser,
  type Outcome,
} from './model';

export type RewardInput = { name: string; cost: number; keepInShop: boolean };

export function createReward(user: MUser, input: RewardInput): Outcome {
  if (input.cost < 1 || input.cost > 10_000) return validation;
  if (atLimit(user, 'rewards')) return limitReached;
  return { status: 201 };
}

export function updateReward(
  reward: MReward,
  patch: { name?: string; cost?: number; keepInShop?: boolean },
): Outcome {
  if (patch.cost !== undefined && (patch.cost < 1 || patch.cost > 10_000)) return validation;
  if (patch.name !== undefined) reward.name = patch.name.trim();
  if (patch.cost !== undefined) reward.cost = patch.cost;
  if (patch.keepInShop !== undefined) reward.keepInShop = patch.keepInShop;
  return OK;
}

export function deleteReward(user: MUser, reward: MReward): Outcome {
  user.rewards = user.rewards.filter((r) => r !== reward);
  return OK;
}

/** Redeem: the balance must cover the cost; the purchase's time is strictly after the last one. */
export function redeemReward(user: MUser, reward: MReward): Outcome & { purchase?: MPurchase } {
  if (user.points < reward.cost) return { status: 409, code: 'INSUFFICIENT_POINTS' };
  const last = Math.max(...user.purchases.map((purchase) => purchase.purchasedAt), -Infinity);
  const now = user.now.getTime();
  const purchase: MPurchase = {
    id: '',
    link: reward.id,
    name: reward.name,
    cost: reward.cost,
    purchasedAt: last >= now ? last + 1 : now,
  };
  user.points -= reward.cost;
  if (!reward.keepInShop) user.rewards = user.rewards.filter((r) => r !== reward);
  return { ...OK, purchase };
}

/** The shop's order (core's compareRewards). */
export function shopOrder(rewards: readonly MReward[]): MReward[] {
  return [...rewards].sort(compareRewards);
}
