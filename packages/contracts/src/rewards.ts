/**
 * Rewards, the inventory of redeemed ones, and the answer to a redeem (docs/ARCHITECTURE.md, docs/product.md).
 */
import { z } from 'zod';
import {
  zClientMadeId,
  hasAnyField,
  NOTHING_TO_UPDATE,
  zId,
  zInstant,
  zIntBetween,
  zName,
  zNullableText,
} from './common';
import { REWARD_COST_MAX, REWARD_COST_MIN } from './bounds';
import { zProgress } from './me';

export { REWARD_COST_MAX, REWARD_COST_MIN };

export const DEFAULT_REWARD_COST = 100;
export const REWARD_NAME_MAX = 100;

/** The spec reads a rarity but names no values; these are the usual five, for the badge. */
export const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
export const zRarity = z.enum(RARITIES);
export type Rarity = z.infer<typeof zRarity>;

export const zReward = z.object({
  id: zId,
  name: z.string(),
  description: z.string().nullable(),
  cost: z.int().min(0),
  category: z.string().nullable(),
  icon: z.string().nullable(),
  rarity: zRarity.nullable(),
  /** Beyond the spec (docs/decisions.md): a repeatable treat stays in the shop after redeeming. */
  keepInShop: z.boolean(),
});
export type Reward = z.infer<typeof zReward>;

/** docs/product.md: description, category and icon are stored as null when empty. */
const optionalFields = {
  description: zNullableText(500),
  category: zNullableText(50),
  icon: zNullableText(32),
};

export const zRewardCreate = z.strictObject({
  id: zClientMadeId,
  name: zName('Reward name', REWARD_NAME_MAX),
  cost: zIntBetween(REWARD_COST_MIN, REWARD_COST_MAX).default(DEFAULT_REWARD_COST),
  description: optionalFields.description.default(null),
  category: optionalFields.category.default(null),
  icon: optionalFields.icon.default(null),
  rarity: zRarity.nullable().default(null),
  keepInShop: z.boolean().default(false),
});
export type RewardCreate = z.infer<typeof zRewardCreate>;

export const zRewardUpdate = z
  .strictObject({
    name: zName('Reward name', REWARD_NAME_MAX).optional(),
    cost: zIntBetween(REWARD_COST_MIN, REWARD_COST_MAX).optional(),
    description: optionalFields.description.optional(),
    category: optionalFields.category.optional(),
    icon: optionalFields.icon.optional(),
    rarity: zRarity.nullable().optional(),
    keepInShop: z.boolean().optional(),
  })
  .refine(hasAnyField, NOTHING_TO_UPDATE);
export type RewardUpdate = z.infer<typeof zRewardUpdate>;

/** A redeemed reward: a snapshot, so editing or deleting the reward later changes nothing here. */
export const zPurchase = z.object({
  id: zId,
  /** null once the reward itself has been deleted. */
  rewardId: zId.nullable(),
  rewardName: z.string(),
  rewardCost: z.int().min(0),
  rewardDescription: z.string().nullable(),
  rewardIcon: z.string().nullable(),
  rewardRarity: zRarity.nullable(),
  purchasedAt: zInstant,
});
export type Purchase = z.infer<typeof zPurchase>;

/** POST /api/rewards/:id/redeem. */
export const zRedeemResult = z.object({ purchase: zPurchase, progress: zProgress });
export type RedeemResult = z.infer<typeof zRedeemResult>;

/** DELETE /api/rewards/:id. Spent points are not refunded and the inventory keeps its snapshots. */
export const zRewardDeleteResult = z.object({ deleted: zId });
export type RewardDeleteResult = z.infer<typeof zRewardDeleteResult>;
